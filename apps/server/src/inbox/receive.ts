import type { Message, Ticket } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { connections } from '../db/schema/index.js';
import { toMessage } from '../modules/messages/messages.queries.js';
import { publishMessage, publishTicket } from '../modules/tickets/tickets.events.js';
import type { AppDeps } from '../platform/context.js';
import type { JobOptions } from '../platform/jobs/jobs.js';
import type { ConnectionRow } from '../platform/provider-connections.js';
import { runAutomation } from './automation.js';
import { storeInbound } from './intake-queue.js';
import type { Stored } from './store-batch.js';

/** One inbound message, whatever channel it came from. */
export interface InboundMessage {
  companyId: number;
  connectionId: number;
  channel: string;
  /** How the channel knows the sender: phone, lid, psid, igsid or webchat. */
  identity: { kind: string; value: string };
  contact: {
    name: string;
    number?: string | null;
    email?: string;
    isGroup?: boolean;
    /** The jid WhatsApp addresses the sender's phone by, when the channel is WhatsApp and tells it. */
    whatsappJid?: string | null;
  };
  /** The provider's id for the message; a redelivery with the same id is stored once. */
  externalId: string;
  body: string;
  /** An attachment the channel already put in storage. */
  media?: { mediaPath: string; mediaType: string; mediaName: string | null };
  /**
   * An attachment the channel fetches once the message is stored: the row says 'pending' until the
   * job stores the file or gives up. The job is queued in the intake's transaction, only for a message
   * stored now (a redelivery queues none), with the message's `companyId` and `messageId` added to `data`.
   */
  pendingMedia?: {
    mediaType: string;
    mediaName: string | null;
    job: { name: string; data: object; options: JobOptions };
  };
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
    contact: Pick<InboundMessage['contact'], 'name' | 'number' | 'whatsappJid'>;
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

/**
 * The inbound pipeline: contact, ticket, message and counters are stored (or the message is found
 * already stored, a duplicate) in one transaction shared with the other messages arriving at the
 * same time (intake-queue.ts); then events and automation.
 */
export async function receive(
  deps: AppDeps,
  input: InboundMessage,
  /** The connection row the channel already read for this delivery, so it is not read again. */
  known: { connection?: ConnectionRow } = {},
): Promise<Received> {
  const stored = await storeInbound(deps, input);
  const hold = setTimeout(stored.release, SENDER_HOLD_MS);
  hold.unref();
  try {
    return await answer(deps, input, known, stored);
  } finally {
    clearTimeout(hold);
    stored.release();
  }
}

/**
 * How long the customer's next message waits for the bot's answer to this one. The menu answers in
 * milliseconds; an outside engine (Typebot, OpenAI) may take seconds, and the next message must not
 * stay unstored (its webhook unanswered) that long.
 */
const SENDER_HOLD_MS = 2_000;

/** Events and automation for a stored message. */
async function answer(
  deps: AppDeps,
  input: InboundMessage,
  known: { connection?: ConnectionRow },
  stored: Stored,
): Promise<Received> {
  const { ticket } = stored;
  const message = toMessage(stored.message, deps.links, stored.quoted);
  if (stored.duplicate) return { message, ticket, duplicate: true };

  await publishMessage(deps, input.companyId, 'create', message, ticket);
  await publishTicket(deps, input.companyId, ticket);
  // What the business wrote elsewhere (the Page inbox, the phone) is not the customer talking to the bot.
  // Old history is not a conversation happening now: no menu, greeting or timer answers it.
  if (input.fromMe || input.imported) return { message, ticket, duplicate: false };
  const connection =
    known.connection?.id === input.connectionId ? known.connection : await readConnection(deps, input);
  // The ticket as this delivery's own update left it; automation changes it only conditionally.
  const { row } = stored;
  if (connection && row)
    // The message is stored and answered whatever the bot does; a failing step is logged, not lost.
    await runAutomation(deps, {
      connection,
      ticket: row,
      message: {
        id: message.id,
        body: input.body,
        mediaType: input.media?.mediaType ?? input.mediaType ?? null,
        queuedFor: stored.queuedFor,
      },
      created: stored.created,
      party: stored.party,
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
