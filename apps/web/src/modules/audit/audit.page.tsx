import { AUDIT_PAGE_SIZE, type AuditFilters, type Language } from '@balcao/shared';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { PageHeader } from '../../shared/ui/page-header';
import { downloadAuditLog, useAuditLog } from './audit.api';
import { AuditFiltersBar } from './audit-filters';
import { AuditTable } from './audit-table';

/** Who changed what in the company (issue 25): admins filter, page and export it; nobody edits it. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const timeZone = useSessionUser().company.timezone;
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(filters, page + 1);

  const exportLog = () => {
    setExporting(true);
    downloadAuditLog(filters, i18n.language as Language)
      .then(() => toast.success(t('audit.export.done')))
      .catch(toast.apiError)
      .finally(() => setExporting(false));
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
      <PageHeader title={t('audit.title')}>
        <Button
          variant="contained"
          onClick={exportLog}
          disabled={exporting}
          aria-label={t('audit.export.button')}
          sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
        >
          <FileDownloadOutlinedIcon fontSize="small" />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('audit.export.button')}
          </Box>
        </Button>
      </PageHeader>
      <Paper variant="outlined">
        <AuditFiltersBar
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(0);
          }}
        />
      </Paper>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 240, display: 'flex', flexDirection: 'column' }}>
        {/* An empty table scrolls sideways on a phone with nothing to focus: the region takes the keyboard. */}
        <Box
          tabIndex={0}
          role="region"
          aria-label={t('audit.title')}
          sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
        >
          <AuditTable
            entries={log.data?.entries ?? []}
            timeZone={timeZone}
            isLoading={log.isPending}
            error={log.error}
            isFetchingNextPage={log.isPlaceholderData}
            searching={Object.values(filters).some((value) => value !== undefined)}
            onRetry={() => void log.refetch()}
          />
        </Box>
        <TablePagination
          component="div"
          count={log.data?.count ?? 0}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={AUDIT_PAGE_SIZE}
          rowsPerPageOptions={[AUDIT_PAGE_SIZE]}
          labelDisplayedRows={({ from, to, count }) => t('reports.pagination.displayed', { from, to, count })}
          getItemAriaLabel={(type) => t(`reports.pagination.${type}`)}
        />
      </Paper>
    </Box>
  );
}
