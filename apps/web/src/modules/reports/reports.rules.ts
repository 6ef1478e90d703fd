import { type TicketStatus, zonedParts } from '@balcao/shared';

/** A contact chosen from the suggestions, or the typed text itself (spec 001 §2). */
export type ContactChoice = { kind: 'contact'; id: number; name: string } | { kind: 'text'; text: string };

export interface ReportFilterValues {
  contact: ContactChoice | null;
  whatsappIds: number[];
  tags: number[];
  users: number[];
  queueIds: number[];
  statuses: TicketStatus[];
  /** Days of the company's calendar, YYYY-MM-DD. */
  dateFrom: string;
  dateTo: string;
}

/** Nothing chosen, from the first of this month to today on the company's calendar (spec 001 §9). */
export function defaultReportFilters(timeZone: string, now = new Date()): ReportFilterValues {
  const today = zonedParts(now, timeZone).date;
  return {
    contact: null,
    whatsappIds: [],
    tags: [],
    users: [],
    queueIds: [],
    statuses: [],
    dateFrom: `${today.slice(0, 8)}01`,
    dateTo: today,
  };
}

const list = (values: (number | string)[]) => (values.length ? JSON.stringify(values) : undefined);

/** The filters as the report call reads them: lists as JSON arrays, what is not chosen left out. */
export function reportQueryOf(filters: ReportFilterValues): Record<string, string | undefined> {
  const { contact } = filters;
  return {
    contactId: contact?.kind === 'contact' ? String(contact.id) : undefined,
    searchParam: contact?.kind === 'text' ? contact.text : undefined,
    whatsappId: list(filters.whatsappIds),
    tags: list(filters.tags),
    users: list(filters.users),
    queueIds: list(filters.queueIds),
    status: list(filters.statuses),
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
  };
}

/**
 * A compressed row of the sheet is about this many bytes (measured on the bench tenant's export):
 * with the row count the server announces, the bytes received so far tell how far the file is.
 */
const BYTES_PER_ROW = 60;

/** How far a download is, from 0 to 1; never 1 before its last byte has come. */
export function exportProgress(received: number, totalRows: number): number {
  const expected = 1500 + totalRows * BYTES_PER_ROW;
  return Math.min(0.99, received / expected);
}
