import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { dismissToast, useToasts } from './toast.store';

export function Toaster() {
  const toasts = useToasts();
  return (
    <Stack
      spacing={1}
      // Below the top bar, so its buttons stay reachable while a toast is up.
      sx={{
        position: 'fixed',
        top: { xs: 64, sm: 72 },
        right: 16,
        left: { xs: 16, sm: 'auto' },
        zIndex: 'snackbar',
      }}
    >
      {toasts.map((item) => (
        <Snackbar
          key={item.id}
          open
          autoHideDuration={item.duration}
          onClose={(_event, reason) => reason !== 'clickaway' && dismissToast(item.id)}
          sx={{ position: 'static', transform: 'none' }}
        >
          <Alert
            severity={item.severity}
            variant="filled"
            onClose={() => dismissToast(item.id)}
            sx={{ width: '100%', minWidth: { sm: 320 } }}
          >
            {item.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
