import type { Message, Ticket } from '@balcao/shared';
import { and, eq, sql } from 'drizzle-orm';
import { connections, messages, tickets } from '../db/schema/index.js';
import { toMessage } from '../modules/messages/messages.queries.js';
import { publishMessage, publishTicket } from '../modules/tickets/tickets.events.js';
import { loadTicket } from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';
import { runAutomation } from './automation.js';
import { findOrCreateContact } from './contact-resolution.js';
import { findOrCreateTicket } from './ticket-resolution.js';

/** One inbound message, whatever channel it came from. */
export interface InboundMessage {
  companyId: number;
  connectionId: number;
  channel: string;
  /** How the channel knows the sender: phone, lid, psid, igsid or webchat. */
  identity: { kind: string; value: string };
  contact: { name: string; number?: string | null; email?: string };
  /** The provider's id for the message; a redelivery with the same id is stored once. */
  externalId: string;
  body: string;
}

export interface Received {
  message: Message;
  ticket: Ticket;
  duplicate: boolean;
}

/** The inbound pipeline: contact, ticket, message (idempotent), counters, events, then automation. */
export async function receive(deps: AppDeps, input: InboundMessage): Promise<Received> {
  const now = new Date();
  const stored = await deps.db.transaction(async (tx) => {
    const contactId = await findOrCreateContact(tx, input);
    const { ticket, created } = await findOrCreateTicket(tx, input, contactId);
    const [message] = await tx
      .insert(messages)
      .values({
        companyId: input.companyId,
        ticketId: ticket.id,
        contactId,
        connectionId: input.connectionId,
        queueId: ticket.queueId,
        externalId: input.externalId,
        body: input.body,
        fromMe: false,
        ack: 0,
      })
      .onConflictDoNothing({
        target: [messages.connectionId, messages.externalId],
        where: sql`${messages.externalId} is not null`,
      })
      .returning();
    if (!message) {
      const [existing] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.connectionId, input.connectionId), eq(messages.externalId, input.externalId)));
      return {
        message: existing,
        ticketId: existing?.ticketId ?? ticket.id,
        created: false,
        duplicate: true,
      };
    }
    await tx
      .update(tickets)
      .set({
        lastMessage: input.body,
        lastMessageAt: now,
        lastMessageFromMe: false,
        lastCustomerMessageAt: now,
        unreadMessages: sql`${tickets.unreadMessages} + 1`,
        waitingSince: sql`coalesce(${tickets.waitingSince}, now())`,
        updatedAt: now,
      })
      .where(eq(tickets.id, ticket.id));
    return { message, ticketId: ticket.id, created, duplicate: false };
  });

  if (!stored.message) throw new Error('message could not be stored');
  const ticket = (await loadTicket(
    deps.db,
    deps.links,
    input.companyId,
    eq(tickets.id, stored.ticketId),
  )) as Ticket;
  const message = toMessage(stored.message, deps.links);
  if (stored.duplicate) return { message, ticket, duplicate: true };

  publishMessage(deps, input.companyId, 'create', message, ticket);
  publishTicket(deps, input.companyId, ticket);
  if (stored.created) {
    const [connection] = await deps.db
      .select()
      .from(connections)
      .where(eq(connections.id, input.connectionId));
    if (connection) await runAutomation(deps, { connection, ticket });
  }
  return { message, ticket, duplicate: false };
}
