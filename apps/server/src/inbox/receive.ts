import type { Message, Ticket } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import type { ConnectionRow } from '../channels/graph/graph.connections.js';
import { connections, tickets } from '../db/schema/index.js';
import { previewOf } from '../modules/messages/messages.outbox.js';
import { findByExternalId, insertInbound, toMessage } from '../modules/messages/messages.queries.js';
import { publishMessage, publishTicket } from '../modules/tickets/tickets.events.js';
import {
  loadTicket,
  recordInboundOnTicket,
  recordOutboundOnTicket,
} from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';
import { runAutomation } from './automation.js';
import { findOrCreateContact, linkIdentities } from './contact-resolution.js';
import { findOrCreateTicket, markNewTicket, recordImportedOnTicket } from './ticket-resolution.js';

/** One inbound message, whatever channel it came from. */
export interface InboundMessage {
  companyId: number;
  connectionId: number;
  channel: string;
  /** How the channel knows the sender: phone, lid, psid, igsid or webchat. */
  identity: { kind: string; value: string };
  contact: { name: string; number?: string | null; email?: string; isGroup?: boolean };
  /** The provider's id for the message; a redelivery with the same id is stored once. */
  externalId: string;
  body: string;
  /** An attachment the channel already put in storage. */
  media?: { mediaPath: string; mediaType: string; mediaName: string | null };
  /** What the message is when not text or a stored file: 'locationMessage', 'contactMessage', 'reactionMessage'. */
  mediaType?: string;
  /** The provider's id of the message this one replies or reacts to. */
  quotedExternalId?: string;
  /** Written by the business outside Balcão (the Page inbox, the phone itself): stored as ours, already sent. */
  fromMe?: boolean;
  /** Other ids of the same person (the phone behind a WhatsApp LID): linked to the same contact. */
  alsoKnownAs?: { kind: string; value: string }[];
  /** In a group, the member who wrote it: the ticket belongs to the group, the message to them. */
  sender?: {
    identity: { kind: string; value: string };
    contact: { name: string; number?: string | null };
    jid: string;
  };
  /** A group handled apart from tickets (the connection's groupAsTicket off). */
  groupTicket?: boolean;
  /** When the customer sent it, for history and back-filled messages. */
  sentAt?: Date;
  /** From a history import: stored and shown, but no automation and nothing unread. */
  imported?: boolean;
  /** Back-filled after the session was down: its ticket says so in the list. */
  arrivedOffline?: boolean;
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
export async function receive(
  deps: AppDeps,
  input: InboundMessage,
  /** The connection row the channel already read for this delivery, so it is not read again. */
  known: { connection?: ConnectionRow } = {},
): Promise<Received> {
  const now = deps.now();
  const stored = await deps.db
    .transaction(async (tx) => {
      // The one check is after the contact's lock: a redelivery only finds (never creates) its
      // contact before it, and the unique external id answers whatever raced.
      const contactId = await findOrCreateContact(tx, input, { lock: true });
      if (input.alsoKnownAs?.length) await linkIdentities(tx, input, contactId, input.alsoKnownAs);
      const raced = await findByExternalId(tx, input.companyId, input.connectionId, input.externalId);
      if (raced) return { message: raced, created: false, duplicate: true };
      const { ticket, created } = await findOrCreateTicket(tx, input, contactId, { now });
      if (created || input.arrivedOffline) await markNewTicket(tx, input, ticket.id, created);
      const authorId = input.sender
        ? await findOrCreateContact(tx, { ...input, ...input.sender, contact: { ...input.sender.contact } })
        : contactId;
      const quoted = input.quotedExternalId
        ? await findByExternalId(tx, input.companyId, input.connectionId, input.quotedExternalId)
        : undefined;
      const message = await insertInbound(tx, {
        companyId: input.companyId,
        ticketId: ticket.id,
        contactId: authorId,
        connectionId: input.connectionId,
        queueId: ticket.queueId,
        externalId: input.externalId,
        body: input.body,
        fromMe: input.fromMe ?? false,
        ack: input.fromMe ? 1 : 0,
        mediaPath: input.media?.mediaPath ?? null,
        mediaType: input.media?.mediaType ?? input.mediaType ?? null,
        mediaName: input.media?.mediaName ?? null,
        quotedMessageId: quoted?.id ?? null,
        participant: input.sender?.jid ?? null,
        ...(input.sentAt ? { createdAt: input.sentAt } : {}),
      });
      // Rolls back the ticket this delivery may have created: a duplicate never leaves an empty one.
      if (!message) throw new DuplicateDelivery();
      const preview = { body: previewOf(message), at: input.sentAt ?? now };
      if (input.imported) await recordImportedOnTicket(tx, input.companyId, ticket.id, preview);
      else if (input.fromMe)
        await recordOutboundOnTicket(tx, input.companyId, ticket.id, { ...preview, isAgentReply: false });
      else {
        const row = await recordInboundOnTicket(tx, input.companyId, ticket.id, preview);
        return { message, created, duplicate: false, quoted, row };
      }
      return { message, created, duplicate: false, quoted };
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
  const message = toMessage(stored.message, deps.links, 'quoted' in stored ? stored.quoted : undefined);
  if (stored.duplicate) return { message, ticket, duplicate: true };

  publishMessage(deps, input.companyId, 'create', message, ticket);
  publishTicket(deps, input.companyId, ticket);
  // What the business wrote elsewhere (the Page inbox, the phone) is not the customer talking to the bot.
  // Old history is not a conversation happening now: no menu, greeting or timer answers it.
  if (input.fromMe || input.imported) return { message, ticket, duplicate: false };
  const connection =
    known.connection?.id === input.connectionId ? known.connection : await readConnection(deps, input);
  // The ticket as this delivery's own update left it; automation changes it only conditionally.
  const row = 'row' in stored ? stored.row : undefined;
  if (connection && row)
    // The message is stored and answered whatever the bot does; a failing step is logged, not lost.
    await runAutomation(deps, {
      connection,
      ticket: row,
      message: {
        id: message.id,
        body: input.body,
        mediaType: input.media?.mediaType ?? input.mediaType ?? null,
      },
      created: stored.created,
    }).catch((error: unknown) => deps.log.error({ err: error, ticketId: row.id }, 'automation failed'));
  return { message, ticket, duplicate: false };
}

async function readConnection(deps: AppDeps, input: InboundMessage) {
  const [connection] = await deps.db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, input.companyId), eq(connections.id, input.connectionId)));
  return connection;
}
