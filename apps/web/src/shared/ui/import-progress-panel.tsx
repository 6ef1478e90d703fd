import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';

/** Rows listed on the page; the downloaded report has them all. */
const LISTED = 100;

/** A group of reported rows (skipped, refused, imported with a warning), each already in words. */
export interface ReportedRows {
  title: string;
  rows: { key: number; text: string }[];
}

/** The words of one import panel, in the page's language. */
export interface ImportPanelTexts {
  region: string;
  running: string;
  progress: string;
  /** The counts so far, shown under the bar and inside the result. */
  tally: string;
  done: string;
  failed: string;
  dismiss: string;
  download: string;
}

/**
 * An import under way (or just finished): a progress bar and the counts so far, then the result with
 * the report to download when rows were reported; below, the reported rows with their reasons.
 */
export function ImportProgressPanel({
  status,
  processed,
  total,
  texts,
  reported,
  onDownload,
  onDismiss,
}: {
  status: 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  texts: ImportPanelTexts;
  reported: ReportedRows[];
  onDownload: () => void;
  onDismiss: () => void;
}) {
  const percent = total === 0 ? 100 : Math.round((processed / total) * 100);
  const anyReported = reported.some((group) => group.rows.length > 0);
  const severity = status === 'failed' ? 'error' : anyReported ? 'warning' : 'success';

  return (
    <Box sx={{ mb: 2 }} aria-label={texts.region} role="region">
      {status === 'running' ? (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {texts.running}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={texts.progress} />
          <Typography variant="caption">{texts.tally}</Typography>
        </Box>
      ) : (
        <Alert
          severity={severity}
          onClose={onDismiss}
          // An action replaces the Alert's own close button, so the report brings its own.
          action={
            anyReported && (
              <>
                <Button color="inherit" size="small" onClick={onDownload}>
                  {texts.download}
                </Button>
                <IconButton color="inherit" size="small" aria-label={texts.dismiss} onClick={onDismiss}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            )
          }
        >
          {status === 'failed' ? texts.failed : texts.done}
        </Alert>
      )}
      {reported
        .filter((group) => group.rows.length > 0)
        .map((group) => (
          <Box key={group.title} component="section" aria-label={group.title} sx={{ mt: 1 }}>
            <Typography variant="subtitle2">{group.title}</Typography>
            <List dense sx={{ maxHeight: 160, overflow: 'auto' }}>
              {group.rows.slice(0, LISTED).map((row) => (
                <ListItem key={row.key} disableGutters>
                  {row.text}
                </ListItem>
              ))}
            </List>
          </Box>
        ))}
    </Box>
  );
}
