import type { Channel, Message } from '@balcao/shared';
import ForwardIcon from '@mui/icons-material/Forward';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format';
import { AckIcon } from './ack-icon';
import { bodyIsData, MessageMedia } from './media/message-media';
import { RichText } from './media/rich-text';
import { MessageMenu } from './message-menu';
import { MessageReactions } from './message-reactions';
import { canForward } from './messages.actions';
import { chatSelection, useChatSelection } from './messages.selection';
import { QuotedMessage } from './quoted-message';
import { RetryingNotice } from './retrying-notice';

const knownKinds = ['greeting', 'farewell', 'api'];

function bubbleColor(message: Message) {
  if (message.isPrivate) return { light: '#fff4cc', dark: '#4a3f16' };
  if (message.fromMe) return { light: '#dcf5e7', dark: '#1d4434' };
  return { light: '#ffffff', dark: '#243039' };
}

/**
 * Mine on the right, the customer's on the left; automatic messages say what they are. `match`: the
 * message a search opened the conversation at (the list marks it).
 */
export function MessageBubble({
  message,
  channel,
  match = false,
  tabIndex = -1,
}: {
  message: Message;
  channel: Channel;
  match?: boolean;
  /** 0 on the conversation's one Tab stop (message-keys.ts), -1 on the others. */
  tabIndex?: number;
}) {
  const { t } = useTranslation();
  const colors = bubbleColor(message);
  const automatic = message.kind !== 'chat';
  const kindLabel = knownKinds.includes(message.kind)
    ? t(`messages.kinds.${message.kind}`)
    : t('messages.kinds.automatic');
  const selection = useChatSelection(message.ticketId);
  const selectable = selection.selecting && canForward(message);
  return (
    <Box
      component="li"
      data-message-id={message.id}
      data-search-match={match || undefined}
      aria-current={match || undefined}
      tabIndex={tabIndex}
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        borderRadius: 2,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {selectable && (
        <Checkbox
          size="small"
          checked={selection.selected.has(message.id)}
          onChange={() => chatSelection.toggle(message.id)}
          slotProps={{ input: { 'aria-label': t('messages.actions.select') } }}
        />
      )}
      <Box
        sx={{
          ml: message.fromMe ? 'auto' : 0,
          maxWidth: { xs: '85%', md: '70%' },
          px: 1.5,
          py: 0.75,
          borderRadius: 2,
          borderTopRightRadius: message.fromMe ? 2 : 8,
          borderTopLeftRadius: message.fromMe ? 8 : 2,
          bgcolor: (theme) => colors[theme.palette.mode],
          boxShadow: '0 1px 1px rgba(0,0,0,0.08)',
          // A private note never reached the customer: it looks apart, not like a reply.
          border: message.isPrivate ? '1px dashed' : 'none',
          borderColor: 'warning.main',
        }}
      >
        {message.isForwarded && (
          <Typography
            variant="caption"
            component="p"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              color: 'text.secondary',
              fontStyle: 'italic',
            }}
          >
            <ForwardIcon sx={{ fontSize: 14 }} />
            {t('messages.forwarded')}
          </Typography>
        )}
        {message.quotedMsg && <QuotedMessage quoted={message.quotedMsg} />}
        {(automatic || message.isPrivate) && (
          <Typography
            variant="caption"
            component="p"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontWeight: 600 }}
          >
            {message.isPrivate ? (
              <LockOutlinedIcon sx={{ fontSize: 14 }} />
            ) : (
              <SmartToyOutlinedIcon sx={{ fontSize: 14 }} />
            )}
            {message.isPrivate ? t('messages.kinds.private') : kindLabel}
          </Typography>
        )}
        {message.isDeleted ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
            {message.mediaType === 'reactionMessage' ? t('messages.reactionRemoved') : t('messages.deleted')}
          </Typography>
        ) : (
          <>
            <MessageMedia message={message} />
            {message.body && !bodyIsData(message) && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <RichText text={message.body} />
              </Typography>
            )}
          </>
        )}
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 0.5,
            mt: 0.25,
            color: 'text.secondary',
          }}
        >
          {message.fromMe && !message.isPrivate && <RetryingNotice message={message} />}
          {message.isEdited && <Typography variant="caption">{t('messages.edited')}</Typography>}
          <Typography variant="caption" component="time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </Typography>
          {message.fromMe && !message.isPrivate && <AckIcon message={message} />}
          {!selection.selecting && <MessageMenu message={message} channel={channel} />}
        </Box>
        {!selection.selecting && <MessageReactions message={message} />}
      </Box>
    </Box>
  );
}
