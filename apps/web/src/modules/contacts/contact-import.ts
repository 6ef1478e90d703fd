import {
  type ContactImportEvent,
  type ContactImportRowError,
  contactImportEvent,
  events,
} from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { contactsKeys } from './contacts.api';

export type ImportProgress = Omit<ContactImportEvent, 'errors'> & { errors: ContactImportRowError[] };

/**
 * Folds one progress event into the import's state: counts are the server's, row errors accumulate.
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
    errors: [...current.errors, ...event.errors],
  };
}

export const importPercent = (progress: ImportProgress) =>
  progress.total === 0 ? 100 : Math.round((progress.processed / progress.total) * 100);

/** The rows an import refused, as a CSV the user can fix and import again. */
export function rowErrorsCsv(errors: ContactImportRowError[], describe: (error: string) => string): string {
  const cell = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;
  return [
    'row;number;error',
    ...errors.map((e) => [e.row, e.number, describe(e.error)].map(cell).join(';')),
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
        : { importId, total, status: 'running', processed: 0, created: 0, errors: [] },
    );

  return { progress, start, dismiss: () => setProgress(null) };
}
