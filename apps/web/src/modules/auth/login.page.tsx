import { loginForm } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/error-message';
import { TextInput } from '../../shared/forms/form-fields';
import { wasEndedElsewhere } from '../../shared/session/ended-elsewhere';
import { login, usePublicSettings } from './auth.api';
import { AuthLayout } from './auth-layout';
import { beginSession } from './begin-session';
import { PasswordInput } from './password-input';
import { TwoFactorStep } from './two-factor-step';

/** Sign-up sends its e-mail along, so the new user only types the password. */
function emailFromSignup(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const publicSettings = usePublicSettings();
  // A refusal stays in the form until dismissed or the next attempt: a toast vanished before it was read.
  const [refusal, setRefusal] = useState<string | null>(null);
  const signedUpEmail = emailFromSignup(location.state);
  const [endedElsewhere] = useState(wasEndedElsewhere);
  const [challenge, setChallenge] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(loginForm),
    defaultValues: { email: signedUpEmail, password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const answer = await login(values);
      if ('twoFactorChallenge' in answer) setChallenge(answer.twoFactorChallenge);
      else navigate(await beginSession(answer), { replace: true });
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });

  if (challenge)
    return (
      <AuthLayout title={t('auth.twoFactor.title')}>
        <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} />
      </AuthLayout>
    );

  return (
    <AuthLayout title={t('auth.login.title')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        {/* Sign-up answers alike whether or not the e-mail or company name was free (docs/decisions.md). */}
        {signedUpEmail && <Alert severity="info">{t('auth.login.afterSignup')}</Alert>}
        {endedElsewhere && <Alert severity="warning">{t('auth.session.accessedElsewhere')}</Alert>}
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        <TextInput
          control={control}
          name="email"
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          autoFocus={!signedUpEmail}
          required
        />
        <PasswordInput
          control={control}
          name="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
          autoFocus={Boolean(signedUpEmail)}
        />
        <Typography variant="body2" sx={{ textAlign: 'right', mt: -1 }}>
          <Link component={RouterLink} to="/recovery-password">
            {t('auth.login.forgotPassword')}
          </Link>
        </Typography>
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {t('auth.login.submit')}
        </Button>
        {publicSettings.data?.signupEnabled && (
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {t('auth.login.noAccount')}{' '}
            <Link component={RouterLink} to="/signup">
              {t('auth.login.signupLink')}
            </Link>
          </Typography>
        )}
      </Stack>
    </AuthLayout>
  );
}
