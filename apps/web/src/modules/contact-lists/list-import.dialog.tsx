import { CONTACT_SHEET_MAX_ROWS } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { SheetUploadDialog } from '../../shared/ui/sheet-upload.dialog';
import { downloadExampleSheet, useUploadList } from './contact-lists.api';

/** A list's upload: the sheet goes up, then its progress and refused rows show on the list's page. */
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
  return (
    <SheetUploadDialog
      texts={{
        title: t('contactLists.import.title'),
        help: t('contactLists.import.help', { rows: CONTACT_SHEET_MAX_ROWS.toLocaleString(i18n.language) }),
        example: t('contactLists.import.example'),
        file: t('contactLists.import.file'),
        start: t('contactLists.import.start'),
      }}
      upload={useUploadList(contactListId)}
      onExample={() => downloadExampleSheet(i18n.language).catch(toast.apiError)}
      onStarted={({ importId, total }) => onStarted(importId, total)}
      onClose={onClose}
    />
  );
}
