import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSignOut } from './auth.api';
import { AuthLayout } from './auth-layout';
import { refreshTwoFactorStatus } from './two-factor.api';
import { TwoFactorEnrol } from './two-factor-enrol';

/**
 * What an admin sees, in place of the app, while the company requires two-factor sign-in of admins and
 * they have not enrolled: the server refuses their other calls with ERR_2FA_REQUIRED meanwhile.
 */
export function TwoFactorRequiredPage() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <AuthLayout title={t('auth.twoFactor.settingsTitle')}>
      <Stack spacing={2.5}>
        <Alert severity="info">{t('auth.twoFactor.requiredNotice')}</Alert>
        <TwoFactorEnrol onDone={() => void refreshTwoFactorStatus()} />
        <Button onClick={() => void signOut()} sx={{ alignSelf: 'start' }}>
          {t('app.menu.logout')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
