import InsertEmoticonIcon from '@mui/icons-material/InsertEmoticon';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The emoji attendants reach for in service conversations; the system keyboard offers the rest. */
const EMOJI = [
  '😀',
  '😁',
  '😂',
  '😊',
  '😉',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😅',
  '😢',
  '😭',
  '😡',
  '😱',
  '🙄',
  '😴',
  '👍',
  '👎',
  '👏',
  '🙏',
  '👋',
  '🤝',
  '💪',
  '👌',
  '✌️',
  '🤞',
  '❤️',
  '💙',
  '💚',
  '🔥',
  '⭐',
  '🎉',
  '✅',
  '❌',
  '⚠️',
  '📞',
  '📅',
  '⏰',
  '📦',
  '🚚',
  '💰',
  '🛒',
  '📍',
  '📎',
  '📝',
  '💬',
];

export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('messages.composer.emoji')}
      >
        <InsertEmoticonIcon />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', p: 1 }} role="listbox">
          {EMOJI.map((emoji) => (
            <IconButton
              key={emoji}
              size="small"
              role="option"
              aria-selected={false}
              onClick={() => {
                onPick(emoji);
                setAnchor(null);
              }}
              sx={{ fontSize: 20 }}
            >
              {emoji}
            </IconButton>
          ))}
        </Box>
      </Popover>
    </>
  );
}
