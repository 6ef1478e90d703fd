import type { ContactImportRowNote } from '@balcao/shared';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ImportProgress, importPercent, importReportCsv } from './contact-import';
import { saveBlob } from './contacts.api';

/** Rows listed on the page; the downloaded report has them all. */
const LISTED = 100;

function RowNotes({
  title,
  notes,
  describe,
}: {
  title: string;
  notes: ContactImportRowNote[];
  describe: (note: ContactImportRowNote) => string;
}) {
  const { t } = useTranslation();
  if (notes.length === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 1 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <List dense sx={{ maxHeight: 160, overflow: 'auto' }}>
        {notes.slice(0, LISTED).map((note) => (
          <ListItem key={note.row} disableGutters>
            {t('contacts.import.rowNote', { row: note.row, number: note.number, reason: describe(note) })}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * The import under way (or just finished): a progress bar and the counts so far, then the result;
 * below, the rows skipped and the rows imported with a warning, each with its reason.
 */
export function ContactImportPanel({
  progress,
  onDismiss,
}: {
  progress: ImportProgress;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const describe = (note: ContactImportRowNote) =>
    t(`contacts.import.reasons.${note.reason}`, { firstRow: note.firstRow });
  const tally = t('contacts.import.tally', {
    created: progress.created,
    updated: progress.updated,
    skipped: progress.skipped,
    warnings: progress.warnings.length,
  });
  const reported = [...progress.skippedRows, ...progress.warnings];
  const severity = progress.status === 'failed' ? 'error' : reported.length ? 'warning' : 'success';

  return (
    <Box sx={{ mb: 2 }} aria-label={t('contacts.import.title')} role="region">
      {progress.status === 'running' ? (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('contacts.import.running', { processed: progress.processed, total: progress.total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={importPercent(progress)}
            aria-label={t('contacts.import.progress')}
          />
          <Typography variant="caption">{tally}</Typography>
        </Box>
      ) : (
        <Alert
          severity={severity}
          onClose={onDismiss}
          // An action replaces the Alert's own close button, so the report brings its own.
          action={
            reported.length > 0 && (
              <>
                <Button
                  color="inherit"
                  size="small"
                  onClick={() =>
                    saveBlob(
                      new Blob([importReportCsv(reported, describe)], { type: 'text/csv' }),
                      'relatorio_importacao.csv',
                    )
                  }
                >
                  {t('contacts.import.downloadReport')}
                </Button>
                <IconButton
                  color="inherit"
                  size="small"
                  aria-label={t('contacts.import.dismiss')}
                  onClick={onDismiss}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            )
          }
        >
          {progress.status === 'failed' ? t('contacts.import.failed') : t('contacts.import.done', { tally })}
        </Alert>
      )}
      <RowNotes title={t('contacts.import.skippedTitle')} notes={progress.skippedRows} describe={describe} />
      <RowNotes title={t('contacts.import.warningsTitle')} notes={progress.warnings} describe={describe} />
    </Box>
  );
}
