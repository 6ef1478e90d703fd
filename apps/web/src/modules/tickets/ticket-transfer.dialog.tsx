import type { Ticket } from '@balcao/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../shared/toast/toast.store';
import { useQueueList } from '../queues/queues.api';
import { useQueueUsers } from './ticket-ops.api';
import { useUpdateTicket } from './tickets.api';

/**
 * Transfer (spec 000 §4): a queue is required; with a user the ticket opens for them, with only a
 * queue it waits there. The queue's people (and the admins, whom the server also accepts) are listed
 * as soon as the queue is chosen, so an attendant picks a colleague without knowing how to spell them.
 */
export function TicketTransferDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queues = useQueueList();
  const update = useUpdateTicket();
  const [queueId, setQueueId] = useState<number | ''>(ticket.queueId ?? '');
  const users = useQueueUsers(queueId === '' ? undefined : queueId);
  const [userId, setUserId] = useState<number | ''>('');

  const transfer = () => {
    if (queueId === '') return;
    update.mutate(
      { ticket, body: { queueId, userId: userId === '' ? null : userId } },
      {
        onSuccess: () => {
          onClose();
          navigate('/tickets');
        },
        onError: toast.apiError,
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('tickets.transfer.title', { ticketId: ticket.id })}</DialogTitle>
      <DialogContent>
        <TextField
          select
          required
          label={t('tickets.transfer.queue')}
          value={queueId}
          onChange={(event) => {
            setQueueId(Number(event.target.value));
            setUserId('');
          }}
          fullWidth
          margin="dense"
        >
          {queues.data?.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('tickets.transfer.user')}
          value={userId}
          disabled={queueId === ''}
          onChange={(event) => setUserId(event.target.value === '' ? '' : Number(event.target.value))}
          fullWidth
          margin="dense"
          helperText={userId === '' && queueId !== '' ? t('tickets.transfer.waitsInQueue') : undefined}
        >
          <MenuItem value="">{t('tickets.transfer.nobody')}</MenuItem>
          {users.data?.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {user.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" disabled={queueId === ''} loading={update.isPending} onClick={transfer}>
          {t('tickets.transfer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
