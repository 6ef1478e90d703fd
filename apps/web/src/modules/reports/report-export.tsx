import type { Language } from '@balcao/shared';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { downloadReport, type ExportProgress } from './reports.api';
import { exportProgress } from './reports.rules';

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** The export button, and while the file comes a bar fed by the bytes received and the rows announced. */
export function ReportExport({ query }: { query: Record<string, string | undefined> }) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const start = () => {
    setProgress({ received: 0, totalRows: 0 });
    downloadReport(query, i18n.language as Language, setProgress)
      .then((rows) => toast.success(t('reports.export.done', { count: rows })))
      .catch(toast.apiError)
      .finally(() => setProgress(null));
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {progress && (
        <Box sx={{ width: { xs: 110, sm: 200 } }} role="status">
          <LinearProgress
            variant="determinate"
            value={exportProgress(progress.received, progress.totalRows) * 100}
            aria-label={t('reports.export.progressLabel')}
          />
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {t('reports.export.progress', {
              count: progress.totalRows,
              size: megabytes(progress.received),
            })}
          </Typography>
        </Box>
      )}
      <Button
        variant="contained"
        onClick={start}
        disabled={progress !== null}
        aria-label={t('reports.export.button')}
        sx={{ flexShrink: 0, minWidth: 40, px: { xs: 1, sm: 2 }, gap: 1 }}
      >
        <FileDownloadOutlinedIcon fontSize="small" />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('reports.export.button')}
        </Box>
      </Button>
    </Box>
  );
}
