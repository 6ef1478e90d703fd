import type { Message } from '@balcao/shared';
import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { groupReactions } from './messages.actions';
import { useReactToMessage } from './messages.api';

const QUICK_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

/** Under the bubble: the reactions, and a button to add one. */
export function MessageReactions({ message }: { message: Message }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const react = useReactToMessage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (message.isDeleted) return null;

  const choose = (emoji: string) => {
    setAnchor(null);
    react.mutate({ id: message.id, emoji }, { onError: toast.apiError });
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.25 }}>
      {groupReactions(message.reactions, user.id).map((group) => (
        <Chip
          key={group.emoji}
          size="small"
          label={`${group.emoji} ${group.count}`}
          color={group.mine ? 'primary' : 'default'}
          variant={group.mine ? 'filled' : 'outlined'}
          onClick={() => choose(group.emoji)}
        />
      ))}
      <IconButton
        size="small"
        aria-label={t('messages.actions.react')}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.25, opacity: 0.6 }}
      >
        <AddReactionOutlinedIcon sx={{ fontSize: 16 }} />
      </IconButton>
      <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <Box sx={{ display: 'flex', p: 0.5 }}>
          {QUICK_EMOJIS.map((emoji) => (
            <IconButton key={emoji} onClick={() => choose(emoji)} aria-label={emoji}>
              {emoji}
            </IconButton>
          ))}
        </Box>
      </Popover>
    </Box>
  );
}
