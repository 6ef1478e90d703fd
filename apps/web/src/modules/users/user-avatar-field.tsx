import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  imageUrl: string | null;
  busy: boolean;
  onPick: (file: File) => void;
}

export function UserAvatarField({ name, imageUrl, busy, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar src={imageUrl ?? undefined} alt={name} sx={{ width: 64, height: 64, fontSize: 28 }}>
        {name.trim().charAt(0).toUpperCase()}
      </Avatar>
      <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} loading={busy}>
        {t('users.dialog.avatarChange')}
        <input
          hidden
          type="file"
          accept="image/*"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(file);
            event.target.value = '';
          }}
        />
      </Button>
    </Stack>
  );
}
