import type { TicketHolder } from '@balcao/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { mayOpenHeldTicket } from './tickets.rules';

/** Names the ticket in the way and who holds it, as far as the server said. */
function conflictText(t: TFunction, name: string, holder: TicketHolder | null): string {
  if (!holder) return t('tickets.alreadyOpen.text', { name });
  const { ticketId, userName, queueName } = holder;
  if (userName) return t('tickets.alreadyOpen.withAgent', { name, ticketId, agent: userName });
  if (queueName) return t('tickets.alreadyOpen.inQueue', { name, ticketId, queue: queueName });
  return t('tickets.alreadyOpen.waiting', { name, ticketId });
}

interface Props {
  contactName: string;
  holder: TicketHolder | null;
  onClose: () => void;
}

/**
 * The server refused: the contact already has another active ticket on this connection. When the
 * caller may open that ticket, a link takes them there instead of leaving them to look for it.
 */
export function AlreadyOpenDialog({ contactName, holder, onClose }: Props) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const reachable = holder && mayOpenHeldTicket(holder, me) ? holder : null;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('tickets.alreadyOpen.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{conflictText(t, contactName, holder)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant={reachable ? 'text' : 'contained'} onClick={onClose} autoFocus={!reachable}>
          {t('tickets.alreadyOpen.ok')}
        </Button>
        {reachable && (
          <Button
            variant="contained"
            component={Link}
            to={`/tickets/${reachable.uuid}`}
            onClick={onClose}
            autoFocus
          >
            {t('tickets.alreadyOpen.open', { ticketId: reachable.ticketId })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
