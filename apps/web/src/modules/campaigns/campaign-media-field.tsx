import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '../../shared/ui/file-pick-button';

interface Props {
  /** The name of the attached file: the saved one or the one picked to replace it. */
  name: string | null | undefined;
  disabled: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The file sent after the message; stored when the campaign is saved. */
export function CampaignMediaField({ name, disabled, onPick, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <FilePickButton
        accept="image/*,video/*,audio/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv"
        onPick={onPick}
        size="small"
        startIcon={<AttachFileIcon />}
        disabled={disabled}
      >
        {t('campaigns.fields.attach')}
      </FilePickButton>
      {name && (
        <Chip
          label={name}
          title={t('campaigns.fields.removeMedia', { name })}
          onDelete={disabled ? undefined : onRemove}
        />
      )}
    </Box>
  );
}
