import type { Message, Ticket } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { connections, tickets } from '../db/schema/index.js';
import { findByExternalId, insertInbound, toMessage } from '../modules/messages/messages.queries.js';
import { publishMessage, publishTicket } from '../modules/tickets/tickets.events.js';
import { loadTicket, recordInboundOnTicket } from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';
import { runAutomation } from './automation.js';
import { findOrCreateContact } from './contact-resolution.js';
import { findOrCreateTicket, lockContact } from './ticket-resolution.js';

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

class DuplicateDelivery extends Error {}

/**
 * The inbound pipeline: a message already stored is answered as a duplicate before anything is
 * created; otherwise contact, ticket, message and counters in one transaction, then events and
 * automation.
 */
export async function receive(deps: AppDeps, input: InboundMessage): Promise<Received> {
  const now = new Date();
  const stored = await deps.db
    .transaction(async (tx) => {
      const earlier = await findByExternalId(tx, input.companyId, input.connectionId, input.externalId);
      if (earlier) return { message: earlier, created: false, duplicate: true };
      const contactId = await findOrCreateContact(tx, input);
      await lockContact(tx, input.companyId, contactId);
      // A redelivery that raced this one committed while we waited for the lock.
      const raced = await findByExternalId(tx, input.companyId, input.connectionId, input.externalId);
      if (raced) return { message: raced, created: false, duplicate: true };
      const { ticket, created } = await findOrCreateTicket(tx, input, contactId);
      const message = await insertInbound(tx, {
        companyId: input.companyId,
        ticketId: ticket.id,
        contactId,
        connectionId: input.connectionId,
        queueId: ticket.queueId,
        externalId: input.externalId,
        body: input.body,
        fromMe: false,
        ack: 0,
      });
      // Rolls back the ticket this delivery may have created: a duplicate never leaves an empty one.
      if (!message) throw new DuplicateDelivery();
      await recordInboundOnTicket(tx, input.companyId, ticket.id, { body: input.body, at: now });
      return { message, created, duplicate: false };
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof DuplicateDelivery)) throw error;
      const message = await findByExternalId(deps.db, input.companyId, input.connectionId, input.externalId);
      return { message, created: false, duplicate: true };
    });

  if (!stored.message) throw new Error('message could not be stored');
  const ticket = (await loadTicket(
    deps.db,
    deps.links,
    input.companyId,
    eq(tickets.id, stored.message.ticketId),
  )) as Ticket;
  const message = toMessage(stored.message, deps.links);
  if (stored.duplicate) return { message, ticket, duplicate: true };

  publishMessage(deps, input.companyId, 'create', message, ticket);
  publishTicket(deps, input.companyId, ticket);
  if (stored.created) {
    const [connection] = await deps.db
      .select()
      .from(connections)
      .where(and(eq(connections.companyId, input.companyId), eq(connections.id, input.connectionId)));
    if (connection) await runAutomation(deps, { connection, ticket });
  }
  return { message, ticket, duplicate: false };
}
