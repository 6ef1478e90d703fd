import { z } from 'zod';
import { tagRefSchema } from '../tags/tags.contract.js';
import { type Ticket, ticketSchema } from '../tickets/tickets.contract.js';
import { dbIdText, jsonIds, pageNumber } from '../validation.js';

/** Cards a lane answers at a time (its "load more" asks for the next page). */
export const KANBAN_PAGE_SIZE = 200;
/** Statuses a card shows in: a ticket being served or waiting; closing it strips its lane tags. */
export const KANBAN_STATUSES: readonly Ticket['status'][] = ['pending', 'open'];

/** `GET /tags/kanban`: the company's lane tags, in the order they were made. */
export const kanbanLanesResponse = z.array(tagRefSchema);

export const kanbanTicketsQuery = z.object({
  /** Only these of the caller's queues (0: tickets without a queue); others are ignored. */
  queueIds: jsonIds,
  /** The lane: a lane tag's id; left out, the tickets carrying no lane tag ("Em aberto"). */
  tagId: dbIdText().optional(),
  pageNumber,
});
export type KanbanTicketsQuery = z.infer<typeof kanbanTicketsQuery>;

/** Spec 001 §3 Kanban ticket: what a card shows, and where it belongs. */
const kanbanTicketSchema = ticketSchema
  .pick({
    id: true,
    uuid: true,
    status: true,
    queueId: true,
    userId: true,
    lastMessage: true,
    lastMessageAt: true,
    updatedAt: true,
    tags: true,
  })
  .extend({ contact: ticketSchema.shape.contact.pick({ name: true, number: true }) });
export type KanbanTicket = z.infer<typeof kanbanTicketSchema>;

export const kanbanTicketsResponse = z.object({
  tickets: z.array(kanbanTicketSchema),
  hasMore: z.boolean(),
});

/** A ticket as a card: the one shape the board shows, from a lane's page or from a ticket event. */
export const toKanbanTicket = (ticket: Ticket): KanbanTicket => ({
  id: ticket.id,
  uuid: ticket.uuid,
  status: ticket.status,
  queueId: ticket.queueId,
  userId: ticket.userId,
  lastMessage: ticket.lastMessage,
  lastMessageAt: ticket.lastMessageAt,
  updatedAt: ticket.updatedAt,
  tags: ticket.tags,
  contact: { name: ticket.contact.name, number: ticket.contact.number },
});
