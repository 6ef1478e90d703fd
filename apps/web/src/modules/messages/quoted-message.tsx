import type { QuotedMessage as Quoted } from '@balcao/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The quoted message inside a reply: who wrote it and its first lines. */
export function QuotedMessage({ quoted }: { quoted: Quoted }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        borderLeft: 3,
        borderColor: quoted.fromMe ? 'success.main' : 'primary.main',
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
        {quoted.fromMe ? t('messages.actions.you') : t('messages.actions.customer')}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          color: 'text.secondary',
          fontStyle: quoted.isDeleted ? 'italic' : undefined,
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        {quoted.isDeleted ? t('messages.deleted') : quoted.body}
      </Typography>
    </Box>
  );
}
