import { passwordStrength } from '@balcao/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Each third of the bar is one rule met: 8+ characters, a lowercase and an uppercase letter. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const level = strength >= 100 ? 'strong' : strength >= 66 ? 'medium' : 'weak';
  const color = { strong: 'success', medium: 'warning', weak: 'error' } as const;
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={strength}
        color={color[level]}
        aria-label={t('auth.signup.strength.label')}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('auth.signup.strength.label')}: {t(`auth.signup.strength.${level}`)} ·{' '}
        {t('auth.signup.strength.hint')}
      </Typography>
    </Box>
  );
}
