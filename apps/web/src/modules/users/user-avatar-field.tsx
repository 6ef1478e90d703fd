import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '../../shared/ui/file-pick-button';

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
      <FilePickButton
        accept="image/*"
        onPick={onPick}
        variant="outlined"
        startIcon={<PhotoCameraIcon />}
        loading={busy}
      >
        {t('users.dialog.avatarChange')}
      </FilePickButton>
    </Stack>
  );
}
