import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';

/** What the server reads: an xlsx workbook or a CSV (a binary .xls is refused with its own message). */
const SHEET_TYPES =
  '.xlsx,.csv,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * Picks a sheet and sends it; the server checks it whole, then progress shows on the page. A file the
 * server refuses says why here, until another is picked.
 */
export function SheetUploadDialog<Answer>({
  texts,
  upload,
  onExample,
  onStarted,
  onClose,
}: {
  texts: { title: string; help: string; example: string; file: string; start: string };
  upload: UseMutationResult<Answer, unknown, File>;
  onExample: () => void;
  onStarted: (answer: Answer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);

  const submit = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (answer) => {
        onStarted(answer);
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{texts.title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {texts.help}{' '}
          <Link component="button" type="button" onClick={onExample}>
            {texts.example}
          </Link>
        </DialogContentText>
        <input
          type="file"
          accept={SHEET_TYPES}
          aria-label={texts.file}
          onChange={(event) => {
            upload.reset();
            setFile(event.target.files?.[0] ?? null);
          }}
        />
        {upload.isError && <Alert severity="error">{errorMessage(upload.error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" disabled={!file} loading={upload.isPending} onClick={submit}>
          {texts.start}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
