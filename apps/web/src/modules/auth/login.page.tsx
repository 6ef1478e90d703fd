import { loginForm } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { showServerError } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { login, usePublicSettings } from './auth.api';
import { AuthLayout } from './auth-layout';
import { beginSession } from './begin-session';
import { PasswordInput } from './password-input';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const publicSettings = usePublicSettings();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      navigate(beginSession(await login(values)), { replace: true });
    } catch (error) {
      showServerError(error, setError, ['email', 'password']);
    }
  });

  return (
    <AuthLayout title={t('auth.login.title')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        <TextInput
          control={control}
          name="email"
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <PasswordInput
          control={control}
          name="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
        />
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
