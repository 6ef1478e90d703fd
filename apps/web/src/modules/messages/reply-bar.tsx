import type { Message } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ComposerStrip } from '../../shared/ui/composer-strip';
import { QuotedMessage } from './quoted-message';

/** Above the composer while a reply is being written: what it quotes, and a way out. */
export function ReplyBar({ message, onCancel }: { message: Message; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ComposerStrip
      label={t('messages.actions.replyingTo')}
      closeLabel={t('messages.actions.cancelReply')}
      onClose={onCancel}
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
    </ComposerStrip>
  );
}
