import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FilePickButton } from './file-pick-button';

interface Props {
  /** What is attached now: a stored image's link, or a picked file's preview. */
  media: { url: string; name: string } | null;
  busy: boolean;
  /** The file types the picker offers (`image/*`, or the few a feature stores). */
  accept: string;
  attachLabel: string;
  removeLabel: string;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** One attached image in a dialog: its preview and name, a button to pick one and one to remove it. */
export function ImageField({ media, busy, accept, attachLabel, removeLabel, onPick, onRemove }: Props) {
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
        accept={accept}
        onPick={onPick}
        variant="outlined"
        startIcon={<AttachFileIcon />}
        loading={busy}
      >
        {attachLabel}
      </FilePickButton>
      {media && (
        <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={onRemove} disabled={busy}>
          {removeLabel}
        </Button>
      )}
    </Stack>
  );
}
