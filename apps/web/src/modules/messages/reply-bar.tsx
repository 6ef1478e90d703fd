import type { Message } from '@balcao/shared';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { QuotedMessage } from './quoted-message';

/** Above the composer while a reply is being written: what it quotes, and a way out. */
export function ReplyBar({ message, onCancel }: { message: Message; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('messages.actions.replyingTo')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        pt: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuotedMessage
          quoted={{
            id: message.id,
            body: message.body,
            fromMe: message.fromMe,
            isDeleted: false,
            mediaType: message.mediaType,
          }}
        />
      </Box>
      <IconButton size="small" onClick={onCancel} aria-label={t('messages.actions.cancelReply')}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
