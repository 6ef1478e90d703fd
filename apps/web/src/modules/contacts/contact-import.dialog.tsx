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
import { downloadFile, useImportContacts } from './contacts.api';

const SHEET_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Picks the sheet and sends it; the server checks it whole, then progress shows on the page. A sheet
 * the server refuses says why here, until another file is picked.
 */
export function ContactImportDialog({
  onStarted,
  onClose,
}: {
  onStarted: (importId: string, total: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const importContacts = useImportContacts();

  const submit = () => {
    if (!file) return;
    importContacts.mutate(file, {
      onSuccess: ({ importId, total }) => {
        onStarted(importId, total);
        onClose();
      },
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('contacts.import.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {t('contacts.import.help', { rows: CONTACT_SHEET_MAX_ROWS.toLocaleString(i18n.language) })}{' '}
          <Link
            component="button"
            type="button"
            onClick={() => downloadFile('/contacts/planilha.xlsx', 'planilha.xlsx').catch(toast.apiError)}
          >
            {t('contacts.import.example')}
          </Link>
        </DialogContentText>
        <input
          type="file"
          accept={SHEET_TYPES}
          aria-label={t('contacts.import.file')}
          onChange={(event) => {
            importContacts.reset();
            setFile(event.target.files?.[0] ?? null);
          }}
        />
        {importContacts.isError && <Alert severity="error">{errorMessage(importContacts.error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" disabled={!file} loading={importContacts.isPending} onClick={submit}>
          {t('contacts.import.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
