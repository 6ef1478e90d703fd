import { type TwoFactorSetup, twoFactorCodeBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { RecoveryCodes } from './recovery-codes';
import { enableTwoFactor, setupTwoFactor } from './two-factor.api';
import { AuthenticatorCodeInput } from './two-factor-code-input';

const QR_SIZE = 200;

/** Enrolment: a new secret as a QR code and as text, a code to confirm it, then the recovery codes. */
export function TwoFactorEnrol({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(twoFactorCodeBody),
    defaultValues: { code: '' },
  });

  const start = async () => {
    setRefusal(null);
    setStarting(true);
    try {
      setSetup(await setupTwoFactor());
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  const confirm = handleSubmit(async ({ code }) => {
    setRefusal(null);
    try {
      setCodes((await enableTwoFactor(code)).recoveryCodes);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  const alert = refusal && (
    <Alert severity="error" onClose={() => setRefusal(null)}>
      {refusal}
    </Alert>
  );
  if (!setup)
    return (
      <Stack spacing={2}>
        <Typography>{t('auth.twoFactor.intro')}</Typography>
        {alert}
        <Button
          variant="contained"
          onClick={() => void start()}
          loading={starting}
          sx={{ alignSelf: 'start' }}
        >
          {t('auth.twoFactor.enable')}
        </Button>
      </Stack>
    );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={confirm}>
      <Typography>{t('auth.twoFactor.scan')}</Typography>
      <Box sx={{ alignSelf: 'center', p: 1.5, bgcolor: '#fff', lineHeight: 0 }}>
        <QRCodeSVG value={setup.uri} size={QR_SIZE} role="img" aria-label={t('auth.twoFactor.qrAlt')} />
      </Box>
      <Typography variant="body2">{t('auth.twoFactor.manual')}</Typography>
      <Typography
        data-testid="two-factor-secret"
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
      >
        {setup.secret}
      </Typography>
      {alert}
      <AuthenticatorCodeInput control={control} />
      <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ alignSelf: 'start' }}>
        {t('auth.twoFactor.confirm')}
      </Button>
    </Stack>
  );
}
