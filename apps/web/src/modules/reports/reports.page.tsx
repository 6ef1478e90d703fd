import { REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES } from '@balcao/shared';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { PageHeader } from '../../shared/ui/page-header';
import { ReportExport } from './report-export';
import { ReportFilters } from './report-filters';
import { useReport } from './reports.api';
import { defaultReportFilters, type ReportFilterValues, reportQueryOf } from './reports.rules';
import { ReportsTable } from './reports-table';

/** The tickets report (spec 001 §2): filters, a page of rows, the page size, and the export. */
export function ReportsPage() {
  const { t } = useTranslation();
  const timeZone = useSessionUser().company.timezone;
  const [filters, setFilters] = useState<ReportFilterValues>(() => defaultReportFilters(timeZone));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(REPORT_DEFAULT_PAGE_SIZE);
  const query = useMemo(() => reportQueryOf(filters), [filters]);
  const report = useReport(query, page + 1, pageSize);
  const total = report.data?.totalTickets.total ?? 0;
  const searching = JSON.stringify(filters) !== JSON.stringify(defaultReportFilters(timeZone));

  const changeFilters = (next: ReportFilterValues) => {
    setFilters(next);
    setPage(0);
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: 0,
        gap: 1,
        overflow: 'auto',
      }}
    >
      <PageHeader title={t('reports.title')}>
        <ReportExport query={query} />
      </PageHeader>
      <Paper variant="outlined">
        <ReportFilters value={filters} onChange={changeFilters} />
      </Paper>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 240, display: 'flex', flexDirection: 'column' }}>
        {/* An empty table scrolls sideways on a phone with nothing to focus: the region takes the keyboard. */}
        <Box
          tabIndex={0}
          role="region"
          aria-label={t('reports.title')}
          sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
        >
          <ReportsTable
            rows={report.data?.tickets ?? []}
            timeZone={timeZone}
            isLoading={report.isPending}
            error={report.error}
            isFetchingNextPage={report.isPlaceholderData}
            searching={searching}
            onRetry={() => void report.refetch()}
          />
        </Box>
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('reports.pagination.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('reports.pagination.displayed', { from, to, count })}
          getItemAriaLabel={(type) => t(`reports.pagination.${type}`)}
        />
      </Paper>
    </Box>
  );
}
