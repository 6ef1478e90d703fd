import { isTicketzSkipReason, type TicketzImport, ticketzImportSteps } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { ApiError } from '../../shared/api/http';

/** A running import's steps, or the report of one that ended. Table names are Ticketz's own. */
export function TicketzImportProgress({ row }: { row: TicketzImport }) {
  const { t } = useTranslation();
  const total = ticketzImportSteps.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('companies.import.from', { source: row.source, company: row.sourceCompanyId })}
      </Typography>
      {row.status === 'running' && (
        <>
          <LinearProgress
            variant="determinate"
            value={Math.round((row.stepsDone / total) * 100)}
            aria-label={t('companies.import.progress')}
          />
          <Typography variant="body2" role="status">
            {t('companies.import.step', { done: row.stepsDone, total, step: row.step ?? '…' })}
            {row.step &&
              ` · ${t('companies.import.rows', { read: row.stepRead, expected: row.stepExpected ?? '?' })}`}
          </Typography>
        </>
      )}
      {row.status === 'done' && (
        <Alert severity="success">{t('companies.import.done', { id: row.targetCompanyId })}</Alert>
      )}
      {row.status === 'failed' && (
        <Alert severity="error">
          {row.error && errorMessage(new ApiError(0, row.error, row.error))}{' '}
          {t('companies.import.failedHint')}
        </Alert>
      )}
      {row.status !== 'running' && <Report row={row} />}
    </Box>
  );
}

/** The report's tables in the import's order; the importer's sub-counts (Messages.media…) after their table. */
const reportOrder = (table: string) => {
  const index = ['Companies', 'Plans', ...ticketzImportSteps].indexOf(table.split('.')[0] as never);
  return (index < 0 ? 99 : index) + (table.includes('.') ? 0.5 : 0);
};

/** A reason or a note of an import stored before they were keys is the importer's English words, shown as they are. */
function Report({ row }: { row: TicketzImport }) {
  const { t } = useTranslation();
  const tables = Object.entries(row.tables).sort(([a], [b]) => reportOrder(a) - reportOrder(b));
  const skipped = (reasons: Record<string, number>) =>
    Object.entries(reasons)
      .map(([reason, rows]) =>
        isTicketzSkipReason(reason)
          ? t(`companies.import.skip.${reason}`, { count: rows })
          : `${rows} ${reason}`,
      )
      .join('; ') || '–';
  const notes = row.notes.map((note) => {
    if (typeof note === 'string') return note;
    const { key, ...params } = note;
    return t(`companies.import.note.${key}`, params);
  });
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('companies.import.report')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('companies.import.table')}</TableCell>
              <TableCell align="right">{t('companies.import.read')}</TableCell>
              <TableCell align="right">{t('companies.import.imported')}</TableCell>
              <TableCell>{t('companies.import.skipped')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tables.map(([table, counts]) => (
              <TableRow key={table}>
                <TableCell>{table}</TableCell>
                <TableCell align="right">{counts.read}</TableCell>
                <TableCell align="right">{counts.imported}</TableCell>
                <TableCell>{skipped(counts.skipped)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {notes.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={t('companies.import.notes')}>
          {notes.map((note) => (
            <Typography component="li" variant="body2" key={note}>
              {note}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}
