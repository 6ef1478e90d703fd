import type { NpsInfo } from '@balcao/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Section } from './dashboard-section';

const percentOf = (part: number, total: number) => (total === 0 ? 0 : Math.round((part * 100) / total));

/** The rating chart: the share of promoters (great), passives (good) and detractors (bad). */
export function RatingChart({ nps }: { nps: NpsInfo }) {
  const { t } = useTranslation();
  const bands = [
    ['great', nps.boa, 'success'],
    ['good', nps.media, 'warning'],
    ['bad', nps.ruim, 'error'],
  ] as const;
  return (
    <Section title={t('dashboard.ratings.title')}>
      <Stack spacing={1}>
        {bands.map(([key, count, color]) => {
          const percent = percentOf(count, nps.total_notas);
          return (
            <Box key={key}>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">{t(`dashboard.ratings.${key}`)}</Typography>
                <Typography variant="body2">{percent}%</Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={percent}
                color={color}
                aria-label={t(`dashboard.ratings.${key}`)}
              />
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
}

/** NPS = % promoters − % detractors, its answers, and the change against the period before. */
export function NpsBlock({ nps }: { nps: NpsInfo }) {
  const { t } = useTranslation();
  const trend = nps.score !== null && nps.previousScore !== null ? nps.score - nps.previousScore : null;
  return (
    <Section title={t('dashboard.nps.title')}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="nps-score">
        {nps.score === null ? '—' : nps.score}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('dashboard.nps.answers', { count: nps.total_notas })}
      </Typography>
      <Typography variant="body2">
        {t('dashboard.nps.bands', { promoters: nps.boa, passives: nps.media, detractors: nps.ruim })}
      </Typography>
      <Typography
        variant="body2"
        sx={{ color: trend === null ? 'text.secondary' : trend >= 0 ? 'success.main' : 'error.main' }}
      >
        {trend === null
          ? t('dashboard.nps.noTrend')
          : t('dashboard.nps.trend', { trend: trend > 0 ? `+${trend}` : trend })}
      </Typography>
    </Section>
  );
}
