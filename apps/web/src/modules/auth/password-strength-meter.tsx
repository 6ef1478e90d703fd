import { passwordStrength } from '@balcao/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Level = 'weak' | 'medium' | 'strong';
const colors = { strong: 'success', medium: 'warning', weak: 'error' } as const;

function levelOf(strength: number): Level {
  return strength >= 100 ? 'strong' : strength >= 66 ? 'medium' : 'weak';
}

/**
 * Each third of the bar is one rule met: 8+ characters, a lowercase and an uppercase letter.
 * Before the first keystroke it only states the rule: a red "weak" on an empty form reads as an error.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const level = password ? levelOf(strength) : null;
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={strength}
        color={level ? colors[level] : 'inherit'}
        aria-label={t('auth.signup.strength.label')}
        aria-valuetext={level ? t(`auth.signup.strength.${level}`) : undefined}
        sx={{ height: 6, borderRadius: 3, color: level ? undefined : 'action.disabled' }}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {level && `${t('auth.signup.strength.label')}: ${t(`auth.signup.strength.${level}`)} · `}
        {t('auth.signup.strength.hint')}
      </Typography>
    </Box>
  );
}
