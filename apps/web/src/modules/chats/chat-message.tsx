import { type ChatMessage, splitChatText } from '@balcao/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../shared/format';

interface Props {
  message: ChatMessage;
  mine: boolean;
  meId: number;
  members: readonly { id: number; name: string }[];
  /** Ticket numbers the viewer may open, with their uuids; other `#123`s stay plain text. */
  ticketLinks: ReadonlyMap<number, string>;
}

function ChatMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const url = message.mediaPath;
  if (!url) return null;
  const name = message.mediaName ?? t('chats.message.file');
  switch (message.mediaType) {
    case 'image':
      return (
        <Link href={url} target="_blank" rel="noopener" sx={{ display: 'block' }}>
          <Box
            component="img"
            src={url}
            alt={name}
            loading="lazy"
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1 }}
          />
        </Link>
      );
    case 'audio':
      // biome-ignore lint/a11y/useMediaCaption: a colleague's voice note has no caption track to offer
      return <audio controls src={url} aria-label={name} style={{ maxWidth: '100%' }} />;
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: a colleague's recording has no caption track to offer
        <video controls src={url} aria-label={name} style={{ maxWidth: '100%', maxHeight: 240 }} />
      );
    default:
      return (
        <Link href={url} download={name} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <AttachFileIcon fontSize="small" />
          {name}
        </Link>
      );
  }
}

/** One message: sender, media preview, text with `@mentions` highlighted and `#tickets` as links. */
export function ChatMessageBubble({ message, mine, meId, members, ticketLinks }: Props) {
  const parts = splitChatText(message.message, members);
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', px: 1.5, py: 0.5 }}>
      <Paper
        elevation={0}
        data-testid="chat-message"
        sx={{
          maxWidth: '80%',
          px: 1.5,
          py: 1,
          bgcolor: mine ? 'primary.main' : 'action.hover',
          color: mine ? 'primary.contrastText' : 'text.primary',
          '& a': mine ? { color: 'inherit' } : {},
        }}
      >
        {!mine && (
          <Typography variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
            {message.sender?.name ?? '—'}
          </Typography>
        )}
        <ChatMedia message={message} />
        {message.message && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {parts.map((part, index) => {
              const key = `${index}-${part.kind}`;
              if (part.kind === 'mention') {
                return (
                  <Box
                    key={key}
                    component="mark"
                    data-mention={part.userId}
                    sx={{
                      fontWeight: 700,
                      borderRadius: 0.5,
                      px: 0.25,
                      color: 'inherit',
                      bgcolor: part.userId === meId ? 'warning.light' : 'transparent',
                      textDecoration: part.userId === meId ? 'none' : 'underline',
                    }}
                  >
                    {part.text}
                  </Box>
                );
              }
              const uuid = part.kind === 'ticket' ? ticketLinks.get(part.ticketId) : undefined;
              return uuid ? (
                <Link key={key} component={RouterLink} to={`/tickets/${uuid}`} sx={{ fontWeight: 700 }}>
                  {part.text}
                </Link>
              ) : (
                <span key={key}>{part.text}</span>
              );
            })}
          </Typography>
        )}
        <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', opacity: 0.75 }}>
          {formatDateTime(message.createdAt)}
        </Typography>
      </Paper>
    </Box>
  );
}
