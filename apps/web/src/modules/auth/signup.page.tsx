import { signupBody } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { formatMoney } from '../../shared/format';
import { showServerError, useFieldErrorText } from '../../shared/forms/form-errors';
import { SelectInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { usePublicPlans, usePublicSettings, useSignup } from './auth.api';
import { AuthLayout } from './auth-layout';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

const fieldNames = ['companyName', 'name', 'phone', 'email', 'password', 'planId', 'termo'] as const;

/** A malformed ?companyId= is dropped rather than blocking a form that has no field to show it on. */
function referrerOf(params: URLSearchParams): number | undefined {
  const id = Number(params.get('companyId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const errorText = useFieldErrorText();
  const plans = usePublicPlans();
  const publicSettings = usePublicSettings();
  const signup = useSignup();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(signupBody),
    defaultValues: {
      companyName: '',
      name: '',
      phone: '',
      email: '',
      password: '',
      planId: '',
      companyId: referrerOf(params),
    },
  });
  const password = useWatch({ control, name: 'password' });

  const submit = handleSubmit(async (values) => {
    try {
      await signup.mutateAsync(values);
      toast.success(t('auth.signup.success'));
      navigate('/login', { replace: true, state: { email: values.email } });
    } catch (error) {
      showServerError(error, setError, fieldNames);
    }
  });

  const planOptions = (plans.data ?? []).map((plan) => ({
    value: plan.id,
    label: `${plan.name} · ${formatMoney(plan.amount)}`,
  }));

  return (
    <AuthLayout title={t('auth.signup.title')}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        {publicSettings.data?.signupEnabled === false && (
          <Alert severity="info">{t('auth.signup.disabled')}</Alert>
        )}
        <TextInput
          control={control}
          name="companyName"
          label={t('auth.signup.companyName')}
          autoFocus
          required
        />
        <TextInput control={control} name="name" label={t('auth.signup.name')} autoComplete="name" required />
        <TextInput
          control={control}
          name="phone"
          label={t('auth.signup.phone')}
          type="tel"
          autoComplete="tel-national"
          helperText={t('auth.signup.phoneHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          required
        />
        <TextInput
          control={control}
          name="email"
          label={t('auth.signup.email')}
          type="email"
          autoComplete="email"
          required
        />
        <PasswordInput
          control={control}
          name="password"
          label={t('auth.signup.password')}
          autoComplete="new-password"
        />
        <PasswordStrengthMeter password={password} />
        <SelectInput
          control={control}
          name="planId"
          label={t('auth.signup.plan')}
          options={planOptions}
          disabled={planOptions.length === 0}
          helperText={plans.isError ? t('auth.signup.plansError') : undefined}
          required
        />
        <Controller
          control={control}
          name="termo"
          render={({ field, fieldState }) => (
            <div>
              <FormControlLabel
                label={t('auth.signup.terms')}
                control={
                  <Checkbox
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
              />
              {fieldState.error && <FormHelperText error>{errorText(fieldState.error)}</FormHelperText>}
            </div>
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {t('auth.signup.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.signup.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('auth.signup.loginLink')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
