import { RECOVERY_CODE_MINUTES, RECOVERY_MAX_ATTEMPTS, recoveryVerifyBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { ApiError } from '../../shared/api/http';
import { TextInput } from '../../shared/forms/form-fields';
import { verifyRecoveryCode } from './recovery.api';

/** After the second wrong code the server has spent it; the page says so and goes to /login (spec 001 §7). */
const REDIRECT_AFTER_MS = 3000;

interface Props {
  target: string;
  onVerified: (token: string) => void;
  onRestart: () => void;
}

export function RecoveryCodeForm({ target, onVerified, onRestart }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [wrong, setWrong] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const exceeded = wrong >= RECOVERY_MAX_ATTEMPTS;
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(recoveryVerifyBody),
    defaultValues: { code: '' },
  });

  useEffect(() => {
    if (!exceeded) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [exceeded, navigate]);

  const submit = handleSubmit(async ({ code }) => {
    setRefusal(null);
    try {
      onVerified((await verifyRecoveryCode(target, code)).token);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ERR_INVALID_RECOVERY_CODE') {
        setWrong((count) => count + 1);
        setRefusal(t('auth.recovery.wrongCode'));
      } else {
        // A refusal the catalogue names (too many tries) says why; anything else is the spec's line.
        setRefusal(
          error instanceof ApiError && error.code ? errorMessage(error) : t('auth.recovery.verifyError'),
        );
      }
    }
  });

  if (exceeded)
    return (
      <Alert severity="error" role="alert">
        {t('auth.recovery.attemptsExceeded')}
      </Alert>
    );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      <Alert severity="info">{t('auth.recovery.codeSent', { minutes: RECOVERY_CODE_MINUTES })}</Alert>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <TextInput
        control={control}
        name="code"
        label={t('auth.recovery.code')}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        autoFocus
        required
      />
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        {t('auth.recovery.verify')}
      </Button>
      <Button onClick={onRestart}>{t('auth.recovery.resend')}</Button>
    </Stack>
  );
}
