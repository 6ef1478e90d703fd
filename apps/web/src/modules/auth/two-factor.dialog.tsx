import { twoFactorCodeBody, twoFactorDisableBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { PasswordInput } from './password-input';
import { RecoveryCodes } from './recovery-codes';
import { disableTwoFactor, refreshTwoFactorStatus, regenerateRecoveryCodes } from './two-factor.api';
import { AuthenticatorCodeInput } from './two-factor-code-input';
import { TwoFactorEnrol } from './two-factor-enrol';

/** The signed-in user's own "Verificação em duas etapas": turn it on, get new recovery codes, or turn it off. */
export function TwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [codes, setCodes] = useState<string[] | null>(null);

  const enrolled = () => {
    void refreshTwoFactorStatus();
    toast.success(t('auth.twoFactor.enabled'));
  };

  let content = <TwoFactorEnrol onDone={enrolled} />;
  if (codes) content = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (me.twoFactorEnabled)
    content = (
      <Stack spacing={3}>
        <Alert severity="success">{t('auth.twoFactor.on')}</Alert>
        <RegenerateForm onCodes={setCodes} />
        <Divider />
        <DisableForm />
      </Stack>
    );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle>{t('auth.twoFactor.settingsTitle')}</DialogTitle>
      <DialogContent dividers>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('auth.twoFactor.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(twoFactorCodeBody),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async ({ code }) => {
    try {
      onCodes((await regenerateRecoveryCodes(code)).recoveryCodes);
    } catch (error) {
      showServerError(error, setError, ['code']);
    }
  });
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit}>
      <Typography variant="subtitle1" component="h3">
        {t('auth.twoFactor.regenerateTitle')}
      </Typography>
      <Typography variant="body2">{t('auth.twoFactor.regenerateHint')}</Typography>
      <AuthenticatorCodeInput control={control} />
      <Button type="submit" variant="outlined" loading={formState.isSubmitting} sx={{ alignSelf: 'start' }}>
        {t('auth.twoFactor.regenerate')}
      </Button>
    </Stack>
  );
}

function DisableForm() {
  const { t } = useTranslation();
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(twoFactorDisableBody),
    defaultValues: { password: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await disableTwoFactor(values);
      await refreshTwoFactorStatus();
      toast.success(t('auth.twoFactor.disabled'));
    } catch (error) {
      showServerError(error, setError, ['password']);
    }
  });
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit}>
      <Typography variant="subtitle1" component="h3">
        {t('auth.twoFactor.disableTitle')}
      </Typography>
      <Typography variant="body2">{t('auth.twoFactor.disableHint')}</Typography>
      <PasswordInput
        control={control}
        name="password"
        label={t('auth.twoFactor.password')}
        autoComplete="current-password"
      />
      <Button
        type="submit"
        color="error"
        variant="outlined"
        loading={formState.isSubmitting}
        sx={{ alignSelf: 'start' }}
      >
        {t('auth.twoFactor.disable')}
      </Button>
    </Stack>
  );
}
