import { z } from 'zod';
import { dbId } from '../validation.js';

/** Spec 000 §3 first (`access` and `chatBot` are not written: docs/decisions.md), then ours. */
const ticketLogTypes = [
  'create',
  'open',
  'transfered',
  'receivedTransfer',
  'reopen',
  'close',
  'ignore',
  'return',
  // Written by the inbox's automation (issue 11).
  'queue',
  'route',
  'autoClose',
  'lgpd',
  'nps',
] as const;

/** One line of a ticket's history: who did what, and the queue the ticket was left in. */
const ticketLogSchema = z.object({
  id: z.number(),
  type: z.enum(ticketLogTypes),
  createdAt: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
});
export type TicketLog = z.infer<typeof ticketLogSchema>;
export const ticketLogsResponse = z.array(ticketLogSchema);

/** Closes every ticket of the company in `status`; `queueIds` narrows to those queues (0 is "no queue"). */
export const closeAllTicketsBody = z.object({
  status: z.enum(['open', 'pending']),
  queueIds: z
    .array(z.union([z.literal(0), dbId()]))
    .max(1000)
    .optional(),
});
export type CloseAllTicketsBody = z.infer<typeof closeAllTicketsBody>;
export const closeAllTicketsResponse = z.object({ closed: z.number() });
