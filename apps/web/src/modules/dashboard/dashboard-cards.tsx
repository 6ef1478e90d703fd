import type { DashboardCounters } from '@balcao/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { formatMinutes } from './dashboard.format';

/** The counters of spec 000 §2, each a labelled figure. */
export function DashboardCards({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const cards: [string, string][] = [
    ['pending', String(counters.supportPending)],
    ['active', String(counters.supportHappening)],
    ['finished', String(counters.supportFinished)],
    ['closedChats', String(counters.closedChats)],
    ['leads', String(counters.leads)],
    ['avgSupportTime', formatMinutes(counters.avgSupportTime)],
    ['avgWaitTime', formatMinutes(counters.avgWaitTime)],
    ['dueDate', formatDate(counters.dueDate)],
  ];
  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
        gap: 1.5,
        p: 0,
        m: 0,
        mb: 2,
        listStyle: 'none',
      }}
    >
      {cards.map(([key, value]) => (
        <Paper
          key={key}
          component="li"
          variant="outlined"
          sx={{ p: 1.5 }}
          aria-label={t(`dashboard.cards.${key}`)}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`dashboard.cards.${key}`)}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={`card-${key}`}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
