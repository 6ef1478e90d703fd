import type { QuickMessage } from '@balcao/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ComposerStrip } from '../../shared/ui/composer-strip';

/** Above the composer while a picked quick answer's image is to go with the text, as its caption. */
export function QuickAnswerImage({ record, onRemove }: { record: QuickMessage; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = record.mediaName ?? '';
  return (
    <ComposerStrip
      label={t('quickMessages.composer.image')}
      closeLabel={t('quickMessages.composer.removeImage')}
      onClose={onRemove}
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
    </ComposerStrip>
  );
}
