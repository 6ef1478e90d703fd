import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** The chat pane while its ticket, or the chat's own code, is on the way. */
export function ChatLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('tickets.chat.loading')} />
    </Box>
  );
}
