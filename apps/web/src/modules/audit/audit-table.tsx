import {
  type AuditEntry,
  auditActionLabels,
  auditEntityLabels,
  formatReportDate,
  type Language,
} from '@balcao/shared';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { hideBelow } from '../../shared/ui/responsive';
import { describeChanges } from './audit-changes';

function AuditRow({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const record = `${auditEntityLabels[language][entry.entityType]}${entry.entityId ? ` #${entry.entityId}` : ''}`;
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatReportDate(entry.createdAt, timeZone)}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.actorName}</TableCell>
      <TableCell>{auditActionLabels[language][entry.action]}</TableCell>
      <TableCell sx={hideBelow('sm')}>{record}</TableCell>
      <TableCell sx={{ ...hideBelow('md'), maxWidth: 420, overflowWrap: 'anywhere' }}>
        {describeChanges(entry.action, entry.changes, t('audit.changes.secret')).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </TableCell>
    </TableRow>
  );
}

/** The log's entries, newest first, times on the company's clock. */
export function AuditTable(props: PagedListState & { entries: AuditEntry[]; timeZone: string }) {
  const { t } = useTranslation();
  const { entries, timeZone, ...state } = props;
  const columns = [
    { label: t('audit.columns.date') },
    { label: t('audit.columns.actor') },
    { label: t('audit.columns.action') },
    { label: t('audit.columns.record'), hideBelow: 'sm' as const },
    { label: t('audit.columns.changes'), hideBelow: 'md' as const },
  ];
  return (
    <PagedTable
      {...state}
      columns={columns}
      rows={entries.map((entry) => ({ id: entry.id, entry }))}
      renderRow={({ entry }) => <AuditRow entry={entry} timeZone={timeZone} />}
      texts="audit.list"
      emptyIcon={<HistoryOutlinedIcon />}
    />
  );
}
