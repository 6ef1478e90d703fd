import type { Message, Ticket } from '@balcao/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  connections,
  contactIdentities,
  contacts,
  messages,
  ticketCycles,
  tickets,
} from '../db/schema/index.js';
import { toMessage } from '../modules/messages/messages.queries.js';
import { publishMessage, publishTicket } from '../modules/tickets/tickets.events.js';
import { loadTicket } from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';
import { runAutomation } from './automation.js';

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

async function findOrCreateContact(tx: Tx, input: InboundMessage): Promise<number> {
  const byIdentity = and(
    eq(contactIdentities.companyId, input.companyId),
    eq(contactIdentities.kind, input.identity.kind),
    eq(contactIdentities.value, input.identity.value),
  );
  const [known] = await tx
    .select({ contactId: contactIdentities.contactId })
    .from(contactIdentities)
    .where(byIdentity);
  if (known) return known.contactId;

  const number = input.contact.number || null;
  const [created] = await tx
    .insert(contacts)
    .values({
      companyId: input.companyId,
      name: input.contact.name,
      number,
      email: input.contact.email ?? '',
      channel: input.channel,
    })
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  // The same number on the same channel is the same person, reached by a new id.
  const contactId =
    created?.id ??
    (
      await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, input.companyId),
            eq(contacts.channel, input.channel),
            eq(contacts.number, number ?? ''),
          ),
        )
    )[0]?.id;
  if (!contactId) throw new Error('contact could not be stored');
  await tx
    .insert(contactIdentities)
    .values({ companyId: input.companyId, contactId, connectionId: input.connectionId, ...input.identity })
    .onConflictDoNothing();
  return contactId;
}

/**
 * One active ticket per company, contact and connection: the partial unique index decides, so two
 * messages arriving together can never open two tickets.
 */
async function findOrCreateTicket(tx: Tx, input: InboundMessage, contactId: number) {
  const [created] = await tx
    .insert(tickets)
    .values({
      companyId: input.companyId,
      contactId,
      connectionId: input.connectionId,
      channel: input.channel,
      status: 'pending',
    })
    .onConflictDoNothing({
      target: [tickets.companyId, tickets.contactId, tickets.connectionId],
      where: sql`${tickets.status} <> 'closed'`,
    })
    .returning();
  if (created) {
    await tx.insert(ticketCycles).values({
      companyId: input.companyId,
      ticketId: created.id,
      connectionId: input.connectionId,
      queuedAt: created.createdAt,
    });
    return { ticket: created, created: true };
  }
  const [active] = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, input.companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.connectionId, input.connectionId),
        ne(tickets.status, 'closed'),
      ),
    );
  if (!active) throw new Error('active ticket vanished');
  return { ticket: active, created: false };
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
