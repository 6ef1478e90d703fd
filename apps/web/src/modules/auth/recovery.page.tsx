import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicSettings } from './auth.api';
import { AuthLayout } from './auth-layout';
import { RecoveryCodeForm } from './recovery-code.form';
import { RecoveryPasswordForm } from './recovery-password.form';
import { RecoveryRequestForm, type RecoveryWay } from './recovery-request.form';

type Step = { name: 'ask' } | { name: 'code'; target: string } | { name: 'password'; token: string };

/** /recovery-password (spec 001 §2): number, code, new password; each step proven by the server. */
export function RecoveryPasswordPage() {
  const { t } = useTranslation();
  const publicSettings = usePublicSettings();
  const [step, setStep] = useState<Step>({ name: 'ask' });
  const [way, setWay] = useState<RecoveryWay>('whatsapp');
  const restart = () => setStep({ name: 'ask' });

  return (
    <AuthLayout title={t('auth.recovery.title')}>
      <Stack spacing={2.5}>
        {step.name === 'ask' && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t(way === 'email' ? 'auth.recovery.introEmail' : 'auth.recovery.intro')}
            </Typography>
            {publicSettings.data?.recoveryByEmail && (
              <ToggleButtonGroup
                exclusive
                fullWidth
                size="small"
                color="primary"
                value={way}
                onChange={(_event, next: RecoveryWay | null) => next && setWay(next)}
                aria-label={t('auth.recovery.way')}
              >
                <ToggleButton value="whatsapp">{t('auth.recovery.byWhatsapp')}</ToggleButton>
                <ToggleButton value="email">{t('auth.recovery.byEmail')}</ToggleButton>
              </ToggleButtonGroup>
            )}
            {/* Keyed by the way: each has its own field and rules. */}
            <RecoveryRequestForm key={way} way={way} onSent={(target) => setStep({ name: 'code', target })} />
          </>
        )}
        {step.name === 'code' && (
          <RecoveryCodeForm
            target={step.target}
            onVerified={(token) => setStep({ name: 'password', token })}
            onRestart={restart}
          />
        )}
        {step.name === 'password' && <RecoveryPasswordForm token={step.token} onRestart={restart} />}
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            {t('auth.recovery.backToLogin')}
          </Link>
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
