import { formatReportDate, formatSupportTime, npsBand, type ReportTicket } from '@balcao/shared';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { hideBelow } from '../../shared/ui/responsive';

const bandColour = { promoter: 'success', passive: 'warning', detractor: 'error' } as const;

function ReportRow({ row, timeZone }: { row: ReportTicket; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell sx={hideBelow('xl')}>{row.whatsappName ?? '—'}</TableCell>
      <TableCell sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>{row.contactName}</TableCell>
      <TableCell sx={hideBelow('sm')}>{row.userName ?? '—'}</TableCell>
      <TableCell sx={hideBelow('md')}>{row.queueName ?? '—'}</TableCell>
      <TableCell>{t(`reports.statuses.${row.status}`)}</TableCell>
      <TableCell sx={{ ...hideBelow('xl'), maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {row.lastMessage}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatReportDate(row.createdAt, timeZone)}</TableCell>
      <TableCell sx={{ ...hideBelow('xl'), whiteSpace: 'nowrap' }}>
        {row.closedAt ? formatReportDate(row.closedAt, timeZone) : '—'}
      </TableCell>
      <TableCell sx={{ ...hideBelow('sm'), whiteSpace: 'nowrap' }}>
        {row.supportTime === null ? '—' : formatSupportTime(row.supportTime)}
      </TableCell>
      <TableCell align="center">
        {row.nps === null ? (
          '—'
        ) : (
          <Chip
            size="small"
            label={row.nps}
            color={bandColour[npsBand(row.nps)]}
            aria-label={`${row.nps} (${t(`reports.bands.${npsBand(row.nps)}`)})`}
          />
        )}
      </TableCell>
      <TableCell align="right">
        <Tooltip title={t('reports.columns.open')}>
          <IconButton
            size="small"
            component={Link}
            to={`/tickets/${row.uuid}`}
            aria-label={t('reports.columns.open')}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

/** The report's rows: one per ticket cycle, dates on the company's clock. */
export function ReportsTable(props: PagedListState & { rows: ReportTicket[]; timeZone: string }) {
  const { t } = useTranslation();
  const { rows, timeZone, ...state } = props;
  const columns = [
    { label: t('reports.columns.connection'), hideBelow: 'xl' as const },
    { label: t('reports.columns.contact') },
    { label: t('reports.columns.user'), hideBelow: 'sm' as const },
    { label: t('reports.columns.queue'), hideBelow: 'md' as const },
    { label: t('reports.columns.status') },
    { label: t('reports.columns.lastMessage'), hideBelow: 'xl' as const },
    { label: t('reports.columns.openedAt') },
    { label: t('reports.columns.closedAt'), hideBelow: 'xl' as const },
    { label: t('reports.columns.supportTime'), hideBelow: 'sm' as const },
    { label: t('reports.columns.nps'), align: 'center' as const },
    { label: t('reports.columns.open'), align: 'right' as const, labelHidden: true },
  ];
  return (
    <PagedTable
      {...state}
      columns={columns}
      rows={rows.map((row) => ({ id: row.cycleId, row }))}
      renderRow={({ row }) => <ReportRow row={row} timeZone={timeZone} />}
      texts="reports.list"
      emptyIcon={<AssessmentOutlinedIcon />}
    />
  );
}
