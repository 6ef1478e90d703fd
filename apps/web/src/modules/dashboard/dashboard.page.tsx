import type { DashboardQuery } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { formatDate } from '../../shared/format';
import { lazyPart } from '../../shared/ui/lazy-part';
import { PageHeader } from '../../shared/ui/page-header';
import { useDashboard } from './dashboard.api';
import { AttendantsTable, FeaturedAttendant } from './dashboard-attendants';
import { DashboardCards } from './dashboard-cards';
import { ConnectionHealth } from './dashboard-connections';
import { DashboardFilter } from './dashboard-filter';
import { NpsBlock, RatingChart } from './dashboard-nps';

/** The charts library is the largest part of the page: fetched once the figures are shown. */
const DashboardCharts = lazyPart(() => import('./dashboard-charts').then((m) => m.DashboardCharts));

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(280px, 1fr))' },
  gap: 2,
  mb: 2,
} as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<DashboardQuery>({ days: 7 });
  const dashboard = useDashboard(query);
  const data = dashboard.data;

  return (
    <Box sx={{ height: '100%', overflowY: 'auto', pb: 2 }}>
      <PageHeader title={t('dashboard.title')} />
      <DashboardFilter onApply={setQuery} />
      {dashboard.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {dashboard.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void dashboard.refetch()}>{t('common.actions.retry')}</Button>}
        >
          {errorMessage(dashboard.error)}
        </Alert>
      )}
      {data && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('dashboard.period', { from: formatDate(data.period.from), to: formatDate(data.period.to) })}
          </Typography>
          <DashboardCards counters={data.counters} />
          <Box sx={grid}>
            <FeaturedAttendant attendant={data.attendants.find((a) => a.id === data.featuredUserId)} />
            <RatingChart nps={data.nps} />
            <NpsBlock nps={data.nps} />
          </Box>
          <Box sx={{ mb: 2 }}>
            <AttendantsTable attendants={data.attendants} />
          </Box>
          <Box sx={grid}>
            <Suspense fallback={<CircularProgress aria-label={t('common.loading')} />}>
              <DashboardCharts data={data} />
            </Suspense>
            <ConnectionHealth connections={data.connections} />
          </Box>
        </>
      )}
    </Box>
  );
}
