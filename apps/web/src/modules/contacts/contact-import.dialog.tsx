import { CONTACT_SHEET_MAX_ROWS } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { SheetUploadDialog } from '../../shared/ui/sheet-upload.dialog';
import { downloadFile, useImportContacts } from './contacts.api';

/** The contacts page's import: the sheet goes up, then progress shows on the page. */
export function ContactImportDialog({
  onStarted,
  onClose,
}: {
  onStarted: (importId: string, total: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SheetUploadDialog
      texts={{
        title: t('contacts.import.title'),
        help: t('contacts.import.help', { rows: CONTACT_SHEET_MAX_ROWS.toLocaleString(i18n.language) }),
        example: t('contacts.import.example'),
        file: t('contacts.import.file'),
        start: t('contacts.import.start'),
      }}
      upload={useImportContacts()}
      onExample={() => downloadFile('/contacts/planilha.xlsx', 'planilha.xlsx').catch(toast.apiError)}
      onStarted={({ importId, total }) => onStarted(importId, total)}
      onClose={onClose}
    />
  );
}
