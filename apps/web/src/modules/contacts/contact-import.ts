import {
  type ContactImportEvent,
  type ContactImportRowNote,
  contactImportEvent,
  events,
} from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { contactsKeys } from './contacts.keys';

/** An import as the page knows it: the server's counts and every row reported so far. */
export type ImportProgress = ContactImportEvent;

/**
 * Folds one progress event into the import's state: counts are the server's, reported rows accumulate.
 * Only the importer receives these events, so one of another import means a newer import (its first
 * events may even arrive before the upload's answer does).
 */
export function applyImportEvent(current: ImportProgress | null, event: ContactImportEvent): ImportProgress {
  if (current?.importId !== event.importId) return event;
  // On PostgreSQL each event reaches the page after its own trip through the database, so a batch may
  // arrive after 'done': counts only grow, and a finished import stays finished.
  return {
    ...event,
    status: current.status === 'running' ? event.status : current.status,
    processed: Math.max(current.processed, event.processed),
    created: Math.max(current.created, event.created),
    updated: Math.max(current.updated, event.updated),
    skipped: Math.max(current.skipped, event.skipped),
    skippedRows: [...current.skippedRows, ...event.skippedRows],
    warnings: [...current.warnings, ...event.warnings],
  };
}

/** The rows an import skipped or imported with a warning, by row, as a CSV the user can work from. */
export function importReportCsv(
  rows: ContactImportRowNote[],
  describe: (note: ContactImportRowNote) => string,
) {
  const cell = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;
  return [
    'row;number;reason',
    ...[...rows].sort((a, b) => a.row - b.row).map((n) => [n.row, n.number, describe(n)].map(cell).join(';')),
  ].join('\n');
}

/** The current import of this page, driven by the progress events the server sends the importer. */
export function useContactImportProgress() {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  useSocketEvent(events.contactImport(me.companyId), contactImportEvent, (event) => {
    setProgress((current) => applyImportEvent(current, event));
    if (event.status !== 'running') void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() });
  });

  const start = (importId: string, total: number) =>
    setProgress((current) =>
      current?.importId === importId
        ? current
        : {
            importId,
            total,
            status: 'running',
            processed: 0,
            created: 0,
            updated: 0,
            skipped: 0,
            skippedRows: [],
            warnings: [],
          },
    );

  return { progress, start, dismiss: () => setProgress(null) };
}
