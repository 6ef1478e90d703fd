import {
  type ContactListImportEvent,
  type ContactListRowError,
  contactListImportEvent,
  events,
} from '@balcao/shared';
import { useState } from 'react';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';

/**
 * Folds one progress event into the import: counts are the server's (they only grow), refused rows
 * accumulate. An event of another import is a newer one and starts over.
 */
export function applyListImportEvent(
  current: ContactListImportEvent | null,
  event: ContactListImportEvent,
): ContactListImportEvent {
  if (current?.importId !== event.importId) return event;
  return {
    ...event,
    status: current.status === 'running' ? event.status : current.status,
    processed: Math.max(current.processed, event.processed),
    created: Math.max(current.created, event.created),
    updated: Math.max(current.updated, event.updated),
    failed: Math.max(current.failed, event.failed),
    errors: [...current.errors, ...event.errors],
  };
}

/**
 * The refused rows as a CSV the user fixes and uploads again: the header is the example sheet's in
 * the page's language (the upload reads it back), the reason in a last column it ignores.
 */
export function errorsSheet(
  rows: ContactListRowError[],
  header: [string, string, string, string],
  reason: (row: ContactListRowError) => string,
) {
  const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const lines = [...rows]
    .sort((a, b) => a.row - b.row)
    .map((row) => [row.name, row.number, row.email, reason(row)].map(cell).join(';'));
  // The BOM makes Excel read the accents as UTF-8.
  return `\uFEFF${[header.map(cell).join(';'), ...lines].join('\r\n')}`;
}

/** This page's import of one list, driven by the events the server sends the uploading user. */
export function useListImport(contactListId: number) {
  const me = useSessionUser();
  const [progress, setProgress] = useState<ContactListImportEvent | null>(null);
  useSocketEvent(events.contactListImport(me.companyId), contactListImportEvent, (event) => {
    if (event.contactListId === contactListId) setProgress((current) => applyListImportEvent(current, event));
  });
  const start = (importId: string, total: number) =>
    setProgress((current) =>
      current?.importId === importId
        ? current
        : {
            importId,
            contactListId,
            total,
            status: 'running',
            processed: 0,
            created: 0,
            updated: 0,
            failed: 0,
            errors: [],
          },
    );
  return { progress, start, dismiss: () => setProgress(null) };
}
