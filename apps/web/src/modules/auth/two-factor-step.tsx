import { twoFactorVerifyBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { TextInput } from '../../shared/forms/form-fields';
import { beginSession } from './begin-session';
import { verifySecondStep } from './two-factor.api';

const stepForm = twoFactorVerifyBody.omit({ challenge: true });

/** The second step of sign-in: a code from the app or a recovery code, for the challenge the password earned. */
export function TwoFactorStep({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, formState, resetField } = useForm({
    resolver: zodResolver(stepForm),
    defaultValues: { code: '', rememberDevice: false },
  });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      navigate(await beginSession(await verifySecondStep({ ...values, challenge })), { replace: true });
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });

  const switchKind = () => {
    setRecovery(!recovery);
    resetField('code');
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      <Typography>{t(recovery ? 'auth.twoFactor.recoveryHint' : 'auth.twoFactor.codeHint')}</Typography>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <TextInput
        key={recovery ? 'recovery' : 'code'}
        control={control}
        name="code"
        label={t(recovery ? 'auth.twoFactor.recoveryLabel' : 'auth.twoFactor.codeLabel')}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        slotProps={{ htmlInput: { inputMode: recovery ? 'text' : 'numeric' } }}
        autoFocus
        required
      />
      <Controller
        control={control}
        name="rememberDevice"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('auth.twoFactor.remember')}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        {t('auth.twoFactor.submit')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={switchKind}>
          {t(recovery ? 'auth.twoFactor.useApp' : 'auth.twoFactor.useRecovery')}
        </Button>
        <Button onClick={onBack}>{t('auth.twoFactor.back')}</Button>
      </Stack>
    </Stack>
  );
}
