import type { QuickMessage } from '@balcao/shared';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Above the composer while a picked quick answer's image is to go with the text, as its caption. */
export function QuickAnswerImage({ record, onRemove }: { record: QuickMessage; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = record.mediaName ?? '';
  return (
    <Box
      role="status"
      aria-label={t('quickMessages.composer.image')}
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
      <Box
        component="img"
        src={record.mediaPath ?? undefined}
        alt={name}
        sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1 }}
      />
      <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
        {name}
      </Typography>
      <IconButton size="small" onClick={onRemove} aria-label={t('quickMessages.composer.removeImage')}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
