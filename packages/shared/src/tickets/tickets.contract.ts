import { z } from 'zod';
import { channels } from '../connections/connections.contract.js';
import { dbId, msg, pageNumber, queryBoolean, withoutNul } from '../validation.js';

const ticketStatuses = ['pending', 'open', 'closed', 'group', 'nps', 'lgpd'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

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
  }),
  lastMessage: z.string(),
  lastMessageAt: z.string().nullable(),
  updatedAt: z.string(),
  unreadMessages: z.number(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string(), channel: z.enum(channels) }).nullable(),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  isGroup: z.boolean(),
  isBot: z.boolean(),
  useIntegration: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** JSON arrays in the query string, as the spec sends them (`queueIds=[1,2]`). */
const jsonIds = z
  .string()
  .transform((value, ctx) => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((n) => Number.isInteger(n))) return parsed as number[];
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'invalidValue' });
    return z.NEVER;
  })
  .optional();

export const listTicketsQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(100).refine(withoutNul, msg.invalidValue).optional(),
  pageNumber,
  status: z.enum(ticketStatuses).optional(),
  showAll: queryBoolean.optional(),
  queueIds: jsonIds,
  whatsappIds: jsonIds,
  withUnreadMessages: queryBoolean.optional(),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;
/** `count` stops at 1000: a tab shows "999+" beyond it. */
export const listTicketsResponse = z.object({
  tickets: z.array(ticketSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

export const ticketUuidParams = z.object({ uuid: z.uuid() });

export const updateTicketBody = z.object({
  status: z.enum(['open', 'pending', 'closed']).optional(),
  userId: dbId().nullable().optional(),
  queueId: dbId().nullable().optional(),
  sendFarewellMessage: z.boolean().optional(),
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
  z.object({ action: z.literal('delete'), ticketId: z.number() }),
  z.object({ action: z.literal('updateUnread'), ticketId: z.number() }),
]);
export type TicketEvent = z.infer<typeof ticketEvent>;
