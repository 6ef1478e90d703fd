import type { ContactListImportEvent, ContactListRowError } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ImportProgressPanel } from '../../shared/ui/import-progress-panel';
import { saveBlob } from '../contacts/contacts.api';
import { errorsSheet } from './list-import';

/** A list's upload under way or finished, with its refused rows and the sheet to fix them in. */
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
  const download = () => {
    const header = ['name', 'number', 'email', 'reason'].map((c) => t(`contactLists.sheet.${c}`));
    const text = errorsSheet(progress.errors, header as [string, string, string, string], reason);
    saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'erros_importacao.csv');
  };

  return (
    <ImportProgressPanel
      status={progress.status}
      processed={progress.processed}
      total={progress.total}
      texts={{
        region: t('contactLists.import.title'),
        running: t('contactLists.import.running', { processed: progress.processed, total: progress.total }),
        progress: t('contactLists.import.progress'),
        tally,
        done: t('contactLists.import.done', { tally }),
        failed: t('contactLists.import.failed'),
        dismiss: t('contactLists.import.dismiss'),
        download: t('contactLists.import.downloadErrors'),
      }}
      reported={[
        {
          title: t('contactLists.import.errorsTitle'),
          rows: progress.errors.map((row) => ({
            key: row.row,
            text: t('contactLists.import.rowError', {
              row: row.row,
              number: row.number,
              reason: reason(row),
            }),
          })),
        },
      ]}
      onDownload={download}
      onDismiss={onDismiss}
    />
  );
}
