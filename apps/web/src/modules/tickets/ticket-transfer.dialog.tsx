import type { Ticket } from '@balcao/shared';
import Autocomplete from '@mui/material/Autocomplete';
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
import { USER_SEARCH_MIN, userMatches } from './tickets.rules';

type Option = { id: number; name: string };

/**
 * Transfer (spec 000 §4): a queue is required; with a user the ticket opens for them, with only a
 * queue it waits there. The server checks the user serves the queue.
 */
export function TicketTransferDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queues = useQueueList();
  const update = useUpdateTicket();
  const [queueId, setQueueId] = useState<number | ''>(ticket.queueId ?? '');
  const users = useQueueUsers(queueId === '' ? undefined : queueId);
  const [user, setUser] = useState<Option | null>(null);
  const [search, setSearch] = useState('');
  const options =
    search.trim().length >= USER_SEARCH_MIN ? (users.data ?? []).filter(userMatches(search)) : [];

  const transfer = () => {
    if (queueId === '') return;
    update.mutate(
      { ticket, body: { queueId, userId: user?.id ?? null } },
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
            setUser(null);
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
        <Autocomplete
          options={options}
          value={user}
          onChange={(_, value) => setUser(value)}
          inputValue={search}
          onInputChange={(_, value) => setSearch(value)}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(list) => list}
          noOptionsText={t('tickets.transfer.typeToSearch', { count: USER_SEARCH_MIN })}
          renderInput={(params) => (
            <TextField {...params} label={t('tickets.transfer.user')} margin="dense" />
          )}
        />
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
