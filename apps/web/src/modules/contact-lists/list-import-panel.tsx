import type { ContactListImportEvent, ContactListRowError } from '@balcao/shared';
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
import { saveBlob } from '../contacts/contacts.api';
import { errorsSheet } from './list-import';

/** Rows listed on the page; the downloaded sheet has them all. */
const LISTED = 100;

export function ListImportPanel({
  progress,
  onDismiss,
}: {
  progress: ContactListImportEvent;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const reason = (row: ContactListRowError) => t(`contactLists.import.reasons.${row.reason}`);
  const tally = t('contactLists.import.tally', {
    created: progress.created,
    updated: progress.updated,
    failed: progress.failed,
  });
  const percent = progress.total === 0 ? 100 : Math.round((progress.processed / progress.total) * 100);
  const download = () => {
    const header = ['name', 'number', 'email', 'reason'].map((c) => t(`contactLists.sheet.${c}`));
    const text = errorsSheet(progress.errors, header as [string, string, string, string], reason);
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'erros_importacao.csv');
  };
  const severity = progress.status === 'failed' ? 'error' : progress.errors.length ? 'warning' : 'success';

  return (
    <Box sx={{ mb: 2 }} aria-label={t('contactLists.import.title')} role="region">
      {progress.status === 'running' ? (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('contactLists.import.running', { processed: progress.processed, total: progress.total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('contactLists.import.progress')}
          />
          <Typography variant="caption">{tally}</Typography>
        </Box>
      ) : (
        <Alert
          severity={severity}
          onClose={onDismiss}
          action={
            progress.errors.length > 0 && (
              <>
                <Button color="inherit" size="small" onClick={download}>
                  {t('contactLists.import.downloadErrors')}
                </Button>
                <IconButton
                  color="inherit"
                  size="small"
                  aria-label={t('contactLists.import.dismiss')}
                  onClick={onDismiss}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            )
          }
        >
          {progress.status === 'failed'
            ? t('contactLists.import.failed')
            : t('contactLists.import.done', { tally })}
        </Alert>
      )}
      {progress.errors.length > 0 && (
        <Box component="section" aria-label={t('contactLists.import.errorsTitle')} sx={{ mt: 1 }}>
          <Typography variant="subtitle2">{t('contactLists.import.errorsTitle')}</Typography>
          <List dense sx={{ maxHeight: 160, overflow: 'auto' }}>
            {progress.errors.slice(0, LISTED).map((row) => (
              <ListItem key={row.row} disableGutters>
                {t('contactLists.import.rowError', { row: row.row, number: row.number, reason: reason(row) })}
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
