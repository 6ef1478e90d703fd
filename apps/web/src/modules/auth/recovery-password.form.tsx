import { recoveryPasswordForm } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { toast } from '../../shared/toast/toast.store';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';
import { saveRecoveredPassword } from './recovery.api';

/** The spec's pause before /login once the server has saved the password. */
const REDIRECT_AFTER_MS = 1000;

export function RecoveryPasswordForm({ token, onRestart }: { token: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; restart: boolean } | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(recoveryPasswordForm),
    defaultValues: { newPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await saveRecoveredPassword({ token, newPassword: values.newPassword });
      toast.success(t('auth.recovery.saved'));
      setSaved(true);
    } catch (error) {
      // The token expired or was spent: only a new code can help.
      const spent = error instanceof ApiError && error.code === 'ERR_INVALID_RECOVERY_TOKEN';
      setRefusal({
        text: t(spent ? 'auth.recovery.invalidToken' : 'auth.recovery.saveError'),
        restart: spent,
      });
    }
  });

  if (saved) return <Alert severity="success">{t('auth.recovery.saved')}</Alert>;

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {refusal && (
        <Alert
          severity="error"
          action={
            refusal.restart ? (
              <Button color="inherit" size="small" onClick={onRestart}>
                {t('auth.recovery.resend')}
              </Button>
            ) : undefined
          }
        >
          {refusal.text}
        </Alert>
      )}
      <PasswordInput
        control={control}
        name="newPassword"
        label={t('auth.recovery.newPassword')}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordStrengthMeter password={newPassword} />
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        {t('auth.recovery.save')}
      </Button>
    </Stack>
  );
}
