import type { DashboardData } from '@balcao/shared';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../shared/format';
import { Section } from './dashboard-section';

interface Point {
  label: string;
  count: number;
  color?: string;
}

function CountChart({ title, points }: { title: string; points: Point[] }) {
  const theme = useTheme();
  const { t } = useTranslation();
  return (
    <Section title={title}>
      <Box sx={{ height: 240 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ left: -20, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: theme.palette.text.secondary }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: theme.palette.text.secondary }} />
            <Tooltip
              formatter={(value) => [value, t('dashboard.charts.tickets')]}
              contentStyle={{
                background: theme.palette.background.paper,
                borderColor: theme.palette.divider,
              }}
            />
            <Bar dataKey="count" fill={theme.palette.primary.main} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Section>
  );
}

/** Tickets per queue, per attendant and per day (or hour of a one-day period). Loaded on its own. */
export function DashboardCharts({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const timeline = data.timeline.points.map((p) => ({
    label: data.timeline.unit === 'hour' ? `${p.at}h` : formatDate(p.at).slice(0, 5),
    count: p.count,
  }));
  return (
    <>
      <CountChart
        title={t('dashboard.charts.perQueue')}
        points={data.queues.map((q) => ({ label: q.name ?? t('dashboard.charts.noQueue'), count: q.count }))}
      />
      <CountChart
        title={t('dashboard.charts.perUser')}
        points={data.users.map((u) => ({ label: u.name ?? t('dashboard.charts.nobody'), count: u.count }))}
      />
      <CountChart
        title={data.timeline.unit === 'hour' ? t('dashboard.charts.perHour') : t('dashboard.charts.perDay')}
        points={timeline}
      />
    </>
  );
}
