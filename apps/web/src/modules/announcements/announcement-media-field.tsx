import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '../../shared/ui/file-pick-button';

interface Props {
  /** What is attached now: a stored image's link, or a picked file's preview. */
  media: { url: string; name: string } | null;
  busy: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** Spec 001 §2, §5: one image, png or jpeg. */
export function AnnouncementMediaField({ media, busy, onPick, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      {media && (
        <Box
          component="img"
          src={media.url}
          alt={media.name}
          sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      {media && (
        <Typography variant="body2" noWrap sx={{ maxWidth: 200 }}>
          {media.name}
        </Typography>
      )}
      <FilePickButton
        accept="image/png,image/jpeg"
        onPick={onPick}
        variant="outlined"
        startIcon={<AttachFileIcon />}
        loading={busy}
      >
        {t('announcements.dialog.attach')}
      </FilePickButton>
      {media && (
        <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={onRemove} disabled={busy}>
          {t('announcements.dialog.removeMedia')}
        </Button>
      )}
    </Stack>
  );
}
