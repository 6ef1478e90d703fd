import { type QuickMessage, sendMessageBody, type Ticket } from '@balcao/shared';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { QuickAnswerImage } from '../quick-messages/quick-answer-image';
import { QuickAnswerList } from '../quick-messages/quick-answer-list';
import { useQuickAnswers } from '../quick-messages/quick-answers';
import { isWritable, messageToSend, metaWindow } from './composer/composer-rules';
import { type ComposerOptions, ComposerTools } from './composer/composer-tools';
import { SendTemplateDialog } from './composer/send-template.dialog';
import { useTypingReporter } from './composer/use-typing-reporter';
import { useSendMessage } from './messages.api';
import { chatSelection, useChatSelection } from './messages.selection';
import { ReplyBar } from './reply-bar';

/** Spec 000 §9: the composer grows to five rows, then scrolls. */
const MAX_ROWS = 5;

/** The attendant's choice to sign, kept in this browser; signing is on until turned off. */
const SIGN_KEY = 'signOption';

/** The server's own limit, read from the contract so the two cannot drift apart. */
export const MESSAGE_MAX_LENGTH = sendMessageBody.shape.body.maxLength ?? 4096;
/** The counter appears in the last tenth of the allowance, where the writer needs to know. */
const COUNTER_FROM = Math.floor(MESSAGE_MAX_LENGTH * 0.9);

/** Replies go out only on an open (or group) ticket: a waiting or closed one is accepted or reopened first. */
export function MessageComposer({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [options, setOptions] = useState<ComposerOptions>(() => ({
    isPrivate: false,
    signMessage: localStorage.getItem(SIGN_KEY) !== 'false',
  }));
  const [pickingTemplate, setPickingTemplate] = useState(false);
  // A picked quick answer whose image goes with the text (the server sends it as the caption's file).
  const [quickImage, setQuickImage] = useState<QuickMessage | null>(null);
  const send = useSendMessage(ticket.id);
  const { replyTo } = useChatSelection(ticket.id);
  const reportTyping = useTypingReporter(ticket.id);
  const writable = isWritable(ticket);
  const replyWindow = metaWindow(ticket);
  const quickAnswers = useQuickAnswers(draft);
  const length = draft.trim().length;
  // Past the limit the text stays in the box to be shortened: cutting it silently loses words.
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const toSend = messageToSend(draft, writable, MESSAGE_MAX_LENGTH);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!toSend) return;
    const body = toSend;
    const image = quickImage;
    setDraft('');
    setQuickImage(null);
    reportTyping(null);
    chatSelection.cancelReply();
    const extra = {
      ...(replyTo ? { quotedMsgId: replyTo.id } : {}),
      ...(image ? { quickMessageId: image.id } : {}),
    };
    const { isPrivate } = options;
    // A note is one message: what is written next goes to the contact, as the placeholder said.
    if (isPrivate) setOptions((current) => ({ ...current, isPrivate: false }));
    send.mutate(
      { body, ...extra, isPrivate, signMessage: options.signMessage },
      {
        onError: (error) => {
          if (replyTo) chatSelection.reply(replyTo);
          setDraft((current) => current || body);
          setQuickImage((current) => current ?? image);
          // A note that failed comes back as a note: sending it again must not reach the contact.
          if (isPrivate) setOptions((current) => ({ ...current, isPrivate: true }));
          toast.apiError(error);
        },
      },
    );
  };

  const pickQuickAnswer = (record: QuickMessage) => {
    setDraft(record.message);
    setQuickImage(record.isMedia ? record : null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends; Shift+Enter is a new line, and so is Enter while an input method composes a word.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // While '/word' lists quick answers, Enter takes the first instead of sending the shortcode.
    if (quickAnswers[0]) pickQuickAnswer(quickAnswers[0]);
    else submit();
  };

  const label = !writable
    ? t('messages.composer.disabledHint')
    : options.isPrivate
      ? t('messages.composer.notePlaceholder')
      : t('messages.composer.placeholder');
  return (
    <>
      {replyWindow === 'template' && (
        <Alert
          severity="warning"
          sx={{ borderRadius: 0 }}
          action={
            <Button
              color="inherit"
              size="small"
              disabled={!writable}
              onClick={() => setPickingTemplate(true)}
            >
              {t('messages.composer.sendTemplate')}
            </Button>
          }
        >
          {t('messages.composer.templateWindow')}
        </Alert>
      )}
      {replyWindow === 'closed' && (
        <Alert severity="warning" sx={{ borderRadius: 0 }}>
          {t('messages.composer.windowClosed')}
        </Alert>
      )}
      {pickingTemplate && (
        <SendTemplateDialog ticketId={ticket.id} onClose={() => setPickingTemplate(false)} />
      )}
      {replyTo && <ReplyBar message={replyTo} onCancel={chatSelection.cancelReply} />}
      {quickImage && <QuickAnswerImage record={quickImage} onRemove={() => setQuickImage(null)} />}
      <Box
        component="form"
        onSubmit={submit}
        sx={{
          position: 'relative',
          display: 'flex',
          alignItems: 'flex-end',
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          gap: 0.5,
          p: 1,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: options.isPrivate ? 'warning.light' : undefined,
        }}
      >
        <QuickAnswerList matches={quickAnswers} onPick={pickQuickAnswer} />
        {/* On a phone the tools take a row of their own above the text box. */}
        <Box sx={{ display: 'flex', width: { xs: '100%', sm: 'auto' } }}>
          <ComposerTools
            ticket={ticket}
            writable={writable}
            options={options}
            onOptions={(next) => {
              localStorage.setItem(SIGN_KEY, String(next.signMessage));
              setOptions(next);
            }}
            onEmoji={(emoji) => setDraft((current) => current + emoji)}
            onRecording={(active) => reportTyping(active ? 'recording' : null)}
          />
        </Box>
        <TextField
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            if (writable) reportTyping(event.target.value ? 'composing' : null);
          }}
          onKeyDown={onKeyDown}
          disabled={!writable}
          placeholder={label}
          multiline
          maxRows={MAX_ROWS}
          error={tooLong}
          sx={{ flex: 1 }}
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
              disabled={!toSend}
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
