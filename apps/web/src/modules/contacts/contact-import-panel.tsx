import type { ContactImportRowNote } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ImportProgressPanel } from '../../shared/ui/import-progress-panel';
import { type ImportProgress, importReportCsv } from './contact-import';
import { saveBlob } from './contacts.api';

/**
 * The import under way (or just finished): a progress bar and the counts so far, then the result;
 * below, the rows skipped and the rows imported with a warning, each with its reason.
 */
export function ContactImportPanel({
  progress,
  onDismiss,
}: {
  progress: ImportProgress;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const describe = (note: ContactImportRowNote) =>
    t(`contacts.import.reasons.${note.reason}`, { firstRow: note.firstRow });
  const tally = t('contacts.import.tally', {
    created: progress.created,
    updated: progress.updated,
    skipped: progress.skipped,
    warnings: progress.warnings.length,
  });
  const lines = (notes: ContactImportRowNote[]) =>
    notes.map((note) => ({
      key: note.row,
      text: t('contacts.import.rowNote', { row: note.row, number: note.number, reason: describe(note) }),
    }));

  return (
    <ImportProgressPanel
      status={progress.status}
      processed={progress.processed}
      total={progress.total}
      texts={{
        region: t('contacts.import.title'),
        running: t('contacts.import.running', { processed: progress.processed, total: progress.total }),
        progress: t('contacts.import.progress'),
        tally,
        done: t('contacts.import.done', { tally }),
        failed: t('contacts.import.failed'),
        dismiss: t('contacts.import.dismiss'),
        download: t('contacts.import.downloadReport'),
      }}
      reported={[
        { title: t('contacts.import.skippedTitle'), rows: lines(progress.skippedRows) },
        { title: t('contacts.import.warningsTitle'), rows: lines(progress.warnings) },
      ]}
      onDownload={() =>
        saveBlob(
          new Blob([importReportCsv([...progress.skippedRows, ...progress.warnings], describe)], {
            type: 'text/csv',
          }),
          'relatorio_importacao.csv',
        )
      }
      onDismiss={onDismiss}
    />
  );
}
