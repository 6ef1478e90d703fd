import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ImportProgress, importPercent, rowErrorsCsv } from './contact-import';
import { saveBlob } from './contacts.api';

/** The import under way (or just finished): a progress bar, then the counts and the refused rows. */
export function ContactImportPanel({
  progress,
  onDismiss,
}: {
  progress: ImportProgress;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const percent = importPercent(progress);
  const describe = (error: string) => t(`contacts.import.rowErrors.${error}`, { defaultValue: error });
  const severity = progress.status === 'failed' ? 'error' : progress.errors.length ? 'warning' : 'success';

  return (
    <Box sx={{ mb: 2 }} aria-label={t('contacts.import.title')} role="region">
      {progress.status === 'running' ? (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('contacts.import.running', { processed: progress.processed, total: progress.total })}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={t('contacts.import.progress')} />
        </Box>
      ) : (
        <Alert
          severity={severity}
          onClose={onDismiss}
          action={
            progress.errors.length > 0 && (
              <Button
                color="inherit"
                size="small"
                onClick={() =>
                  saveBlob(
                    new Blob([rowErrorsCsv(progress.errors, describe)], { type: 'text/csv' }),
                    'erros_importacao.csv',
                  )
                }
              >
                {t('contacts.import.downloadErrors')}
              </Button>
            )
          }
        >
          {progress.status === 'failed'
            ? t('contacts.import.failed')
            : t('contacts.import.done', { created: progress.created, errors: progress.errors.length })}
        </Alert>
      )}
      {progress.errors.length > 0 && (
        <List dense sx={{ maxHeight: 160, overflow: 'auto' }}>
          {progress.errors.slice(0, 100).map((error) => (
            <ListItem key={error.row} disableGutters>
              {t('contacts.import.rowError', {
                row: error.row,
                number: error.number,
                error: describe(error.error),
              })}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
