import type { Ticket } from '@balcao/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { useTicketLogs } from './ticket-ops.api';

export function TicketHistoryDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const logs = useTicketLogs(ticket.id);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('tickets.history.title', { ticketId: ticket.id })}</DialogTitle>
      <DialogContent>
        <List dense>
          {logs.data?.map((log) => (
            <ListItem key={log.id} disableGutters>
              <ListItemText
                primary={t(`tickets.history.types.${log.type}`, {
                  name: log.user?.name ?? t('tickets.history.customer'),
                })}
                secondary={[formatDateTime(log.createdAt), log.queue?.name].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('tickets.options.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
