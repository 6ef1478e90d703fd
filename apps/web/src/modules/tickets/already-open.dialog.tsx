import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConflictDetails } from './ticket-conflict';

/** Names the ticket in the way and who holds it, as far as the server said. */
function conflictText(t: TFunction, name: string, conflict: ConflictDetails): string {
  const { ticketId, userName, queueName } = conflict;
  if (ticketId === undefined) return t('tickets.alreadyOpen.text', { name });
  if (userName) return t('tickets.alreadyOpen.withAgent', { name, ticketId, agent: userName });
  if (queueName) return t('tickets.alreadyOpen.inQueue', { name, ticketId, queue: queueName });
  return t('tickets.alreadyOpen.waiting', { name, ticketId });
}

interface Props {
  contactName: string;
  conflict: ConflictDetails;
  onClose: () => void;
}

/** The server refused: the contact already has another active ticket on this connection. */
export function AlreadyOpenDialog({ contactName, conflict, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('tickets.alreadyOpen.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{conflictText(t, contactName, conflict)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('tickets.alreadyOpen.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
