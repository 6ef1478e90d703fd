import type { Ticket } from '@balcao/shared';
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { planOnce, statementsByShape } from '../../db/prepared.js';
import {
  connections,
  contacts,
  queues,
  tags,
  ticketCycles,
  tickets,
  ticketTags,
  userQueues,
  users,
} from '../../db/schema/index.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';
import { contactTagsOf } from '../contacts/contacts.queries.js';

const agent = alias(users, 'agent');

/** The list row: the ticket with what the list shows of its contact, queue, agent and connection. */
const ticketRow = {
  // Only what the list shows: a ticket row has forty columns, most of them bot state.
  ticket: {
    id: tickets.id,
    uuid: tickets.uuid,
    status: tickets.status,
    channel: tickets.channel,
    contactId: tickets.contactId,
    lastMessage: tickets.lastMessage,
    lastMessageAt: tickets.lastMessageAt,
    lastCustomerMessageAt: tickets.lastCustomerMessageAt,
    updatedAt: tickets.updatedAt,
    unreadMessages: tickets.unreadMessages,
    queueId: tickets.queueId,
    userId: tickets.userId,
    connectionId: tickets.connectionId,
    isGroup: tickets.isGroup,
    arrivedOffline: tickets.arrivedOffline,
    isBot: tickets.isBot,
    useIntegration: tickets.useIntegration,
  },
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
    picture: contacts.profilePicUrl,
    tags: contactTagsOf(contacts.id, tickets.companyId),
  },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  user: { id: agent.id, name: agent.name, color: agent.color },
  whatsapp: {
    id: connections.id,
    name: connections.name,
    channel: connections.channel,
    wavoip: sql<boolean>`${connections.wavoip} <> ''`,
  },
  // In the row itself, by name: one round trip per page instead of a second query for the tags.
  tags: sql<
    Ticket['tags']
  >`(select coalesce(json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name), '[]'::json)
    from ${ticketTags} tt join ${tags} tg on tg.id = tt.tag_id and tg.company_id = ${tickets.companyId}
    where tt.ticket_id = ${tickets.id})`,
};

export function selectTickets(db: Db | Tx) {
  return db
    .select(ticketRow)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(agent, eq(agent.id, tickets.userId))
    .leftJoin(connections, eq(connections.id, tickets.connectionId));
}
type TicketJoinRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

/** Tickets as answered. */
export function presentTickets(links: MediaLinks, rows: TicketJoinRow[]): Ticket[] {
  return rows.map(({ ticket, contact, queue, user, whatsapp, tags: ticketTagList }) => ({
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status as Ticket['status'],
    channel: ticket.channel as Ticket['channel'],
    contactId: ticket.contactId,
    contact: {
      id: contact.id,
      name: contact.name,
      number: contact.number,
      email: contact.email,
      profilePicUrl: links.url(contact.picture),
      tags: contact.tags,
    },
    lastMessage: ticket.lastMessage,
    lastMessageAt: ticket.lastMessageAt?.toISOString() ?? null,
    lastCustomerMessageAt: ticket.lastCustomerMessageAt?.toISOString() ?? null,
    updatedAt: ticket.updatedAt.toISOString(),
    unreadMessages: ticket.unreadMessages,
    queueId: ticket.queueId,
    queue,
    userId: ticket.userId,
    user,
    whatsappId: ticket.connectionId,
    whatsapp: whatsapp as Ticket['whatsapp'],
    tags: ticketTagList,
    isGroup: ticket.isGroup,
    arrivedOffline: ticket.arrivedOffline,
    isBot: ticket.isBot,
    useIntegration: ticket.useIntegration,
  }));
}

export async function loadTicket(
  db: Db | Tx,
  links: MediaLinks,
  companyId: number,
  where: SQL,
): Promise<Ticket | undefined> {
  const rows = await selectTickets(db).where(and(eq(tickets.companyId, companyId), where));
  const [ticket] = presentTickets(links, rows);
  return ticket;
}

const ticketById = statementsByShape('ticket_by_id', (db) =>
  selectTickets(db).where(
    and(eq(tickets.companyId, sql.placeholder('companyId')), eq(tickets.id, sql.placeholder('id'))),
  ),
);

/** `loadTicket` by id, the conversation page's lookup: rendered once, executed with the ids. */
export async function loadTicketById(
  db: Db | Tx,
  links: MediaLinks,
  companyId: number,
  id: number,
): Promise<Ticket | undefined> {
  const [ticket] = presentTickets(links, await ticketById(db, {}).execute({ companyId, id }));
  return ticket;
}

const ticketsByIds = statementsByShape('tickets_by_ids', (db) =>
  selectTickets(db).where(
    and(
      eq(tickets.companyId, sql.placeholder('companyId')),
      sql`${tickets.id} = any(${planOnce(sql`${sql.placeholder('ids')}::int[]`)}::int[])`,
    ),
  ),
);

/** Several tickets by id as answered (an intake batch's), in one statement rendered once. */
export async function loadTicketsByIds(
  db: Db | Tx,
  links: MediaLinks,
  companyId: number,
  ids: number[],
): Promise<Ticket[]> {
  return ids.length ? presentTickets(links, await ticketsByIds(db, {}).execute({ companyId, ids })) : [];
}

export async function queueIdsOfUser(db: Db | Tx, companyId: number, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ queueId: userQueues.queueId })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(queues.companyId, companyId), eq(userQueues.userId, userId)));
  return new Set(rows.map((r) => r.queueId));
}

/**
 * The list's last message, and for an agent's reply (`agentReply`) the reply times of the ticket and its
 * cycle, in one statement: a send is a few round trips, and this was two of them. Rendered once per shape.
 */
const outboundOnTicket = statementsByShape('outbound_on_ticket', (db, shape: { agentReply: boolean }) => {
  const at = sql<Date>`${sql.placeholder('at')}::timestamptz`;
  const preview = {
    lastMessage: sql<string>`${sql.placeholder('body')}`,
    lastMessageAt: at,
    lastMessageFromMe: true,
    updatedAt: at,
  };
  const latest = and(
    eq(tickets.companyId, sql.placeholder('companyId')),
    eq(tickets.id, sql.placeholder('ticketId')),
    // Replies racing each other: the latest stays the preview, whichever update lands last.
    or(isNull(tickets.lastMessageAt), lte(tickets.lastMessageAt, at)),
  );
  if (!shape.agentReply) return db.update(tickets).set(preview).where(latest);
  // PostgreSQL runs a data-modifying WITH whether or not the statement reads it: the cycle gets its
  // first reply even when a later reply already holds the ticket's preview.
  const cycle = db.$with('replied_cycle').as(
    db
      .update(ticketCycles)
      .set({ firstReplyAt: at })
      .where(
        and(
          eq(ticketCycles.companyId, sql.placeholder('companyId')),
          eq(ticketCycles.ticketId, sql.placeholder('ticketId')),
          isNull(ticketCycles.closedAt),
          isNull(ticketCycles.firstReplyAt),
        ),
      )
      .returning({ id: ticketCycles.id }),
  );
  return db
    .with(cycle)
    .update(tickets)
    .set({
      ...preview,
      lastAgentMessageAt: at,
      waitingSince: null,
      firstReplyAt: sql`coalesce(${tickets.firstReplyAt}, now())`,
    })
    .where(latest);
});

export async function recordOutboundOnTicket(
  db: Db | Tx,
  companyId: number,
  ticketId: number,
  reply: { body: string; at: Date; isAgentReply: boolean },
) {
  await outboundOnTicket(db, { agentReply: reply.isAgentReply }).execute({
    companyId,
    ticketId,
    body: reply.body,
    at: reply.at.toISOString(),
  });
}

export async function markTicketRead(db: Db | Tx, companyId: number, ticketId: number) {
  await db
    .update(tickets)
    .set({ unreadMessages: 0 })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
}
