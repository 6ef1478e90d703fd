import { CONTACT_SHEET_MAX_ROWS } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { toast } from '../../shared/toast/toast.store';
import { downloadExampleSheet, useUploadList } from './contact-lists.api';

const SHEET_TYPES =
  '.xlsx,.csv,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** Picks the sheet and sends it; a file the server refuses says why here, until another is picked. */
export function ListImportDialog({
  contactListId,
  onStarted,
  onClose,
}: {
  contactListId: number;
  onStarted: (importId: string, total: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadList(contactListId);

  const submit = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ importId, total }) => {
        onStarted(importId, total);
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('contactLists.import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {t('contactLists.import.help', { rows: CONTACT_SHEET_MAX_ROWS.toLocaleString(i18n.language) })}{' '}
          <Link
            component="button"
            type="button"
            onClick={() => downloadExampleSheet(i18n.language).catch(toast.apiError)}
          >
            {t('contactLists.import.example')}
          </Link>
        </DialogContentText>
        <input
          type="file"
          accept={SHEET_TYPES}
          aria-label={t('contactLists.import.file')}
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
          {t('contactLists.import.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
