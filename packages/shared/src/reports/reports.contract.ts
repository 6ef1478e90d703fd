import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { ticketStatuses } from '../tickets/tickets.contract.js';
import { dbIdText, MAX_ID, msg, withoutNul } from '../validation.js';

/** Page sizes the report offers (spec 001 §9); the call takes any size up to REPORT_MAX_PAGE_SIZE. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
const REPORT_MAX_PAGE_SIZE = 100;
/** How many values one list filter may hold: a company's users, queues or tags fit, a flood does not. */
const MAX_LIST = 500;

/**
 * A list in the query string however it comes: a JSON array (`users=[1,2]`, as the spec sends it),
 * repeated parameters (`users=1&users=2`), or commas (`users=1,2`). Each element is then checked.
 */
function listOf(value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  return (Array.isArray(value) ? value : [value]).flatMap((item): unknown[] => {
    if (typeof item !== 'string') return [item];
    const text = item.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return [text];
      }
    }
    return text === '' ? [] : text.split(',').map((part) => part.trim());
  });
}

const idList = z
  .preprocess(
    listOf,
    z.array(z.coerce.number({ error: msg.invalidValue }).int().min(0).max(MAX_ID)).max(MAX_LIST),
  )
  .optional();

const statusList = z
  .preprocess(
    listOf,
    z.array(z.enum(ticketStatuses, { error: msg.invalidValue })).max(ticketStatuses.length * 2),
  )
  .optional();

/** A day of the company's calendar (YYYY-MM-DD); an instant with its offset names the day it falls on there. */
const companyDay = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: msg.invalidValue })
  .optional();

/** The report's filters (spec 001 §7); every one optional, the dates default to this month so far. */
const reportFilters = {
  /** Words of the contact's name or number. */
  searchParam: z.string().trim().max(100).refine(withoutNul, msg.invalidValue).optional(),
  contactId: dbIdText().optional(),
  whatsappId: idList,
  tags: idList,
  users: idList,
  /** 0 is "no queue". */
  queueIds: idList,
  status: statusList,
  dateFrom: companyDay,
  dateTo: companyDay,
};

export const reportQuery = z.object({
  ...reportFilters,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REPORT_MAX_PAGE_SIZE).default(REPORT_DEFAULT_PAGE_SIZE),
});
export type ReportQuery = z.infer<typeof reportQuery>;
export type ReportFilters = Omit<ReportQuery, 'page' | 'pageSize'>;

/** The export takes the same filters, and the language its header and statuses are written in. */
export const reportExportQuery = z.object({
  ...reportFilters,
  language: z.enum(LANGUAGES).default('pt-BR'),
});

/**
 * One row of the report: one cycle of a ticket (from its arrival or reopening to its close), so a
 * ticket reopened twice is three rows. Who, which queue and which status are the cycle's (see
 * docs/decisions.md, "Reports").
 */
const reportTicketSchema = z.object({
  /** The ticket's id and uuid (to open it); `cycleId` tells a ticket's rows apart. */
  id: z.number(),
  uuid: z.string(),
  cycleId: z.number(),
  whatsappName: z.string().nullable(),
  contactName: z.string(),
  userName: z.string().nullable(),
  queueName: z.string().nullable(),
  status: z.enum(ticketStatuses),
  lastMessage: z.string(),
  /** When the cycle opened, and closed (null while it is open). */
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Seconds from opening to closing; null while open. */
  supportTime: z.number().nullable(),
  /** The customer's 0–10 answer for this cycle, if any. */
  nps: z.number().nullable(),
});
export type ReportTicket = z.infer<typeof reportTicketSchema>;

export const reportResponse = z.object({
  tickets: z.array(reportTicketSchema),
  totalTickets: z.object({ total: z.number() }),
});
export type ReportResponse = z.infer<typeof reportResponse>;

/** The export's answer announces how many rows it holds before the first byte of the file. */
export const REPORT_TOTAL_ROWS_HEADER = 'x-total-rows';
