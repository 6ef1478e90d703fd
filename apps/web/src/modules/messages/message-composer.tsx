import { sendMessageBody, type Ticket } from '@balcao/shared';
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
import { chatSelection, useChatSelection } from './messages.selection';
import { ReplyBar } from './reply-bar';

/** Spec 000 §9: the composer grows to five rows, then scrolls. */
const MAX_ROWS = 5;

/** The server's own limit, read from the contract so the two cannot drift apart. */
export const MESSAGE_MAX_LENGTH = sendMessageBody.shape.body.maxLength ?? 4096;
/** The counter appears in the last tenth of the allowance, where the writer needs to know. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_LENGTH * 0.9);

/** Counts what will be sent: the server trims before it measures. */
function lengthOf(draft: string): number {
  return draft.trim().length;
}

/** Replies go out only on an open (or group) ticket: a waiting or closed one is accepted or reopened first. */
export function MessageComposer({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const send = useSendMessage(ticket.id);
  const { replyTo } = useChatSelection(ticket.id);
  const writable = ticket.status === 'open' || ticket.status === 'group';
  const quickAnswers = useQuickAnswers(draft);
  const length = lengthOf(draft);
  // Past the limit the text stays in the box to be shortened: cutting it silently loses words.
  const tooLong = length > MESSAGE_MAX_LENGTH;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if (!body || !writable || tooLong) return;
    setDraft('');
    chatSelection.cancelReply();
    send.mutate(replyTo ? { body, quotedMsgId: replyTo.id } : { body }, {
      onError: (error) => {
        if (replyTo) chatSelection.reply(replyTo);
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
    <>
      {replyTo && <ReplyBar message={replyTo} onCancel={chatSelection.cancelReply} />}
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
          error={tooLong}
          helperText={
            length >= COUNTER_FROM &&
            (tooLong
              ? t('messages.composer.tooLong', { length, max: MESSAGE_MAX_LENGTH })
              : t('messages.composer.counter', { length, max: MESSAGE_MAX_LENGTH }))
          }
          slotProps={{ htmlInput: { 'aria-label': label } }}
        />
        <Tooltip title={t('messages.composer.send')}>
          <span>
            <IconButton
              type="submit"
              color="primary"
              disabled={!writable || !draft.trim() || tooLong}
              aria-label={t('messages.composer.send')}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </>
  );
}
