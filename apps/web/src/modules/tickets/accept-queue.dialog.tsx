import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  ticketId: number;
  queues: { id: number; name: string }[];
  busy: boolean;
  onAccept: (queueId: number) => void;
  onClose: () => void;
}

/** Accepting a ticket without a queue asks for one first (spec 000 §4). */
export function AcceptQueueDialog({ ticketId, queues, busy, onAccept, onClose }: Props) {
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState<number | ''>('');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('tickets.acceptQueue.title', { ticketId })}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          select
          fullWidth
          required
          label={t('tickets.acceptQueue.queue')}
          value={queueId}
          onChange={(event) => setQueueId(Number(event.target.value))}
        >
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={queueId === ''}
          loading={busy}
          onClick={() => queueId !== '' && onAccept(queueId)}
        >
          {t('tickets.actions.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
