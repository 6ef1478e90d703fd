import type { Ticket } from '@balcao/shared';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { QuickAnswerList } from '../quick-messages/quick-answer-list';
import { useQuickAnswers } from '../quick-messages/quick-answers';
import { useSendMessage } from './messages.api';

/** Spec 000 §9: the composer grows to five rows, then scrolls. */
const MAX_ROWS = 5;

/** Replies go out only on an open (or group) ticket: a waiting or closed one is accepted or reopened first. */
export function MessageComposer({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const send = useSendMessage(ticket.id);
  const writable = ticket.status === 'open' || ticket.status === 'group';
  const quickAnswers = useQuickAnswers(draft);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if (!body || !writable) return;
    setDraft('');
    send.mutate(body, {
      onError: (error) => {
        setDraft((current) => current || body);
        toast.apiError(error);
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends; Shift+Enter is a new line, and so is Enter while an input method composes a word.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // While '/word' lists quick answers, Enter takes the first instead of sending the shortcode.
    if (quickAnswers[0]) setDraft(quickAnswers[0].message);
    else submit();
  };

  const label = writable ? t('messages.composer.placeholder') : t('messages.composer.disabledHint');
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'flex-end',
        gap: 1,
        p: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <QuickAnswerList matches={quickAnswers} onPick={setDraft} />
      <TextField
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={!writable}
        placeholder={label}
        multiline
        maxRows={MAX_ROWS}
        slotProps={{ htmlInput: { 'aria-label': label, maxLength: 4096 } }}
      />
      <Tooltip title={t('messages.composer.send')}>
        <span>
          <IconButton
            type="submit"
            color="primary"
            disabled={!writable || !draft.trim()}
            aria-label={t('messages.composer.send')}
          >
            <SendIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
