import type { Message, Ticket } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { connections } from '../db/schema/index.js';
import { noteCampaignReply } from '../modules/campaigns/campaigns.dispatcher-inbound.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import { toMessage } from '../modules/messages/messages.queries.js';
import { publishMessage, publishTicket } from '../modules/tickets/tickets.events.js';
import type { AppDeps } from '../platform/context.js';
import { loggableError } from '../platform/errors.js';
import type { ConnectionRow } from '../platform/provider-connections.js';
import { runAutomation } from './automation.js';
import { finishStep, storeInbound } from './intake-queue.js';
import type { Stored } from './store-batch.js';

export interface Received {
  message: Message;
  ticket: Ticket;
  duplicate: boolean;
}

/**
 * The inbound pipeline: contact, ticket, message and counters are stored (or the message is found
 * already stored, a duplicate) in one transaction shared with the other messages arriving at the
 * same time (intake-queue.ts); then events and automation. The automation step was noted as pending
 * in that transaction: if this process stops before the step, another runs it (pending-automation.ts).
 */
export async function receive(
  deps: AppDeps,
  input: InboundMessage,
  /** The connection row the channel already read for this delivery, so it is not read again. */
  known: { connection?: ConnectionRow } = {},
): Promise<Received> {
  const stored = await storeInbound(deps, input);
  deps.metrics.messageReceived(input.channel, stored.duplicate);
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
  if (!input.contact.isGroup)
    await noteCampaignReply(deps, {
      companyId: input.companyId,
      contactId: ticket.contactId,
      body: input.body,
    }).catch((error: unknown) => deps.log.error(loggableError(error), 'campaign reply not noted'));
  const connection =
    known.connection?.id === input.connectionId ? known.connection : await readConnection(deps, input);
  // The ticket as this delivery's own update left it; automation changes it only conditionally.
  const { row } = stored;
  if (!row) return { message, ticket, duplicate: false };
  if (connection)
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
  finishStep(deps, message.id);
  return { message, ticket, duplicate: false };
}

async function readConnection(deps: AppDeps, input: InboundMessage) {
  const [connection] = await deps.db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, input.companyId), eq(connections.id, input.connectionId)));
  return connection;
}
