import type { DashboardData } from '@balcao/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Section } from './dashboard-section';

/** Each connection's share of the period it was connected, from its disconnect timeline. */
export function ConnectionHealth({ connections }: { connections: DashboardData['connections'] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('dashboard.health.title')}>
      {connections.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('dashboard.health.none')}
        </Typography>
      ) : (
        <Stack spacing={1}>
          {connections.map((c) => (
            <Box key={c.id}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" noWrap>
                  {c.name}
                </Typography>
                <Typography variant="body2">
                  {c.uptime === null ? t('dashboard.health.noHistory') : `${c.uptime}%`}
                </Typography>
              </Stack>
              {c.uptime !== null && (
                <LinearProgress
                  variant="determinate"
                  value={c.uptime}
                  color={c.uptime >= 95 ? 'success' : c.uptime >= 80 ? 'warning' : 'error'}
                  aria-label={c.name}
                />
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
