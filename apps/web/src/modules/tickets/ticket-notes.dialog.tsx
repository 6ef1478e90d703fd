import { NOTE_MAX, type Ticket } from '@balcao/shared';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { useAddTicketNote, useDeleteTicketNote, useTicketNotes } from './ticket-ops.api';
import { mayDeleteNote } from './tickets.rules';

/** Spec 000 §5: a note needs at least 2 characters. */
const NOTE_MIN = 2;

export function TicketNotesDialog({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const notes = useTicketNotes(ticket.id, ticket.contactId);
  const add = useAddTicketNote(ticket.id, ticket.contactId);
  const remove = useDeleteTicketNote(ticket.id);
  const [note, setNote] = useState('');
  const tooShort = note.trim().length < NOTE_MIN;

  const save = () =>
    add.mutate(note.trim(), {
      onSuccess: () => {
        setNote('');
        toast.success(t('tickets.notes.added'));
      },
      onError: toast.apiError,
    });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('tickets.notes.title', { ticketId: ticket.id })}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('tickets.notes.field')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={note.length > 0 && tooShort}
          helperText={note.length > 0 && tooShort ? t('tickets.notes.tooShort') : ' '}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          multiline
          minRows={2}
          fullWidth
          margin="dense"
        />
        <List dense>
          {notes.data?.map((item) => (
            <ListItem
              key={item.id}
              secondaryAction={
                mayDeleteNote(me, item) && (
                  <IconButton
                    edge="end"
                    aria-label={t('tickets.notes.delete')}
                    onClick={() =>
                      remove.mutate(item.id, {
                        onSuccess: () => toast.success(t('tickets.notes.deleted')),
                        onError: toast.apiError,
                      })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={item.note}
                secondary={`${item.user?.name ?? '—'} · ${formatDateTime(item.createdAt)}`}
                sx={{ whiteSpace: 'pre-wrap' }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('tickets.options.done')}</Button>
        <Button variant="contained" disabled={tooShort} loading={add.isPending} onClick={save}>
          {t('tickets.notes.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
