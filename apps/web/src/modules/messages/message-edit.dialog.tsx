import { type Message, splitSignature } from '@balcao/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { MESSAGE_MAX_LENGTH } from './message-composer';
import { useEditMessage } from './messages.api';

/** Only the attendant's text is edited: a signature stays out of the box, and the server keeps it. */
export function MessageEditDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t } = useTranslation();
  const written = splitSignature(message.body).text;
  const [body, setBody] = useState(written);
  const edit = useEditMessage();
  const trimmed = body.trim();
  const unchanged = trimmed === written.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || unchanged || trimmed.length > MESSAGE_MAX_LENGTH) return;
    edit.mutate({ id: message.id, body: trimmed }, { onSuccess: onClose, onError: toast.apiError });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit}>
        <DialogTitle>{t('messages.actions.editTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            value={body}
            onChange={(event) => setBody(event.target.value)}
            multiline
            maxRows={5}
            fullWidth
            autoFocus
            error={trimmed.length > MESSAGE_MAX_LENGTH}
            slotProps={{ htmlInput: { 'aria-label': t('messages.actions.editTitle') } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={edit.isPending}
            disabled={!trimmed || unchanged || trimmed.length > MESSAGE_MAX_LENGTH}
          >
            {t('common.actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
