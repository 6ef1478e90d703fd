import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** The server refused: the contact already has another active ticket on this connection. */
export function AlreadyOpenDialog({ contactName, onClose }: { contactName: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('tickets.alreadyOpen.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('tickets.alreadyOpen.text', { name: contactName })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('tickets.alreadyOpen.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
