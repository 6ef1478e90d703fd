import { z } from 'zod';
import { channels } from '../connections/connections.contract.js';
import { tagRefSchema } from '../tags/tags.contract.js';
import { dbId, dbIdText, jsonIds, msg, pageNumber, queryBoolean, withoutNul } from '../validation.js';

export const ticketStatuses = ['pending', 'open', 'closed', 'group', 'nps', 'lgpd'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
/** The closed tab also lists the tickets an attendant closed that still wait for the customer's rating. */
export const CLOSED_TAB_STATUSES: readonly TicketStatus[] = ['closed', 'nps'];

export const ticketSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(ticketStatuses),
  channel: z.enum(channels),
  contactId: z.number(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    number: z.string().nullable(),
    email: z.string(),
    profilePicUrl: z.string().nullable(),
    tags: z.array(tagRefSchema),
  }),
  lastMessage: z.string(),
  lastMessageAt: z.string().nullable(),
  /** Meta channels accept replies only within 24 h of this (spec 000 §4). */
  lastCustomerMessageAt: z.string().nullable(),
  updatedAt: z.string(),
  unreadMessages: z.number(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  /** `wavoip`: whether the connection can place voice calls; its token itself never leaves the server. */
  whatsapp: z
    .object({ id: z.number(), name: z.string(), channel: z.enum(channels), wavoip: z.boolean() })
    .nullable(),
  tags: z.array(tagRefSchema),
  isGroup: z.boolean(),
  /** Its messages came in while the WhatsApp session was down and were back-filled on reconnect. */
  arrivedOffline: z.boolean(),
  isBot: z.boolean(),
  useIntegration: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** JSON array of statuses in the query string (the advanced filter's `statusFilter`). */
const jsonStatuses = z
  .string()
  .transform((value, ctx) => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((s) => (ticketStatuses as readonly unknown[]).includes(s)))
        return parsed as TicketStatus[];
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'invalidValue' });
    return z.NEVER;
  })
  .optional();

/** What narrows a ticket list and its tab counts (spec 000 §2 advanced filters). */
const ticketFilters = {
  /** Admins only (spec 000 §6): everyone's tickets instead of the caller's own open ones. */
  showAll: queryBoolean.optional(),
  /** Queue ids; 0 is "Sem fila" (tickets without a queue). */
  queueIds: jsonIds,
  whatsappIds: jsonIds,
  /** Ticket tag ids: a ticket with any of them. */
  tags: jsonIds,
  /** Holder user ids: admins only. */
  users: jsonIds,
};

/** A day (YYYY-MM-DD) in the company's time zone; an instant with its offset names the company's day it falls on. */
const companyDay = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: msg.invalidValue })
  .optional();

export const listTicketsQuery = z.object({
  /** Contact name or number, ticket id, or words of any message (accents and word endings aside). */
  searchParam: z.string().trim().toLowerCase().max(100).refine(withoutNul, msg.invalidValue).optional(),
  pageNumber,
  /** One tab; left out (the search tab) every status, or those of `statusFilter`. */
  status: z.enum(ticketStatuses).optional(),
  statusFilter: jsonStatuses,
  withUnreadMessages: queryBoolean.optional(),
  /** The tickets of one contact. */
  contactId: dbIdText().optional(),
  /** The day a ticket was created. */
  date: companyDay,
  /** The day a ticket last changed. */
  updatedAt: companyDay,
  ...ticketFilters,
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;
/**
 * Why a searched ticket matched, when its messages did: the newest matching message, and a piece of
 * its text around the match (plain text, WhatsApp's marks taken off) with the matched words as
 * ranges of `snippet` (UTF-16 positions, `end` excluded).
 */
const ticketSearchMatchSchema = z.object({
  ticketId: z.number(),
  messageId: z.number(),
  snippet: z.string(),
  highlights: z.array(z.object({ start: z.number(), end: z.number() })),
});
export type TicketSearchMatch = z.infer<typeof ticketSearchMatchSchema>;

export const listTicketsResponse = z.object({
  tickets: z.array(ticketSchema),
  hasMore: z.boolean(),
  /** With `searchParam`: the page's tickets found by a message's words (none for a name, number or id). */
  matches: z.array(ticketSearchMatchSchema).optional(),
});

/** The badges of the open tab's sub-tabs and the bell, in one call. */
export const ticketCountsQuery = z.object(ticketFilters);
export type TicketCountsQuery = z.infer<typeof ticketCountsQuery>;
export const ticketCountsResponse = z.object({
  /** The caller's own open tickets, or everyone's with showAll. */
  open: z.number(),
  pending: z.number(),
  group: z.number(),
  /** Active tickets the caller may see with unread messages (the bell), whatever the filters. */
  unread: z.number(),
});
export type TicketCounts = z.infer<typeof ticketCountsResponse>;

export const ticketUuidParams = z.object({ uuid: z.uuid() });

export const updateTicketBody = z.object({
  status: z.enum(['open', 'pending', 'closed']).optional(),
  userId: dbId().nullable().optional(),
  queueId: dbId().nullable().optional(),
  sendFarewellMessage: z.boolean().optional(),
  /** The bot's state on the ticket (spec 000 §7): whether its integration or prompt answers the customer… */
  useIntegration: z.boolean().optional(),
  /** …how many menus the bot has shown on it (counted against the connection's maxUseBotQueues)… */
  amountUsedBotQueues: z.number().int().min(0).max(1000).optional(),
  /** …and the company's prompt that answers (null: none). */
  promptId: dbId().nullable().optional(),
});
export type UpdateTicketBody = z.infer<typeof updateTicketBody>;

/**
 * Who holds a ticket, in the `details` of ERROR_TICKET_OPEN (someone else accepted or reopened it
 * first) and ERR_OTHER_OPEN_TICKET (the contact's other active ticket): the already-open dialog names them.
 */
export const ticketHolderSchema = z.object({
  ticketId: z.number(),
  uuid: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  queueId: z.number().nullable(),
  queueName: z.string().nullable(),
});
export type TicketHolder = z.infer<typeof ticketHolderSchema>;

export const ticketEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('update'), ticket: ticketSchema }),
  /**
   * The ticket left the receiver's sight (moved, or `deleted`: gone for good, which an open chat
   * announces before going back to the list).
   */
  z.object({ action: z.literal('delete'), ticketId: z.number(), deleted: z.boolean().optional() }),
  z.object({ action: z.literal('updateUnread'), ticketId: z.number() }),
]);
export type TicketEvent = z.infer<typeof ticketEvent>;
