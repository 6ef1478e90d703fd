import { type Channel, FORWARD_INTERVAL_MS, type ForwardMessagesBody, signedText } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireChannelPlan } from '../connections/connections.plan.js';
import { findConnection } from '../connections/connections.queries.js';
import { findContact } from '../contacts/contacts.queries.js';
import { findVisibleTicket, maySeeTicket } from '../tickets/tickets.access.js';
import { findOrCreateTicket, lockContact } from '../tickets/tickets.resolution.js';
import { storeOutbound } from './messages.outbox.js';
import { findMessages } from './messages.queries.js';

/**
 * Copies messages into the contact's active ticket on the connection of the first message's
 * ticket, or a new one. The copies are stored at once and their deliveries scheduled 900 ms
 * apart, so the request never waits for the pacing. The ticket they land in must be one the
 * caller may write to, as for a reply: one it would find, reopen or open where the caller cannot
 * see it is refused, and a ticket reopened or opened for that is rolled back.
 */
export async function forwardMessages(ctx: Ctx, input: ForwardMessagesBody) {
  const contact = await findContact(ctx.db, ctx.companyId, input.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const sources = await visibleSources(ctx, input.messageIds);
  const first = sources[0];
  const connection = first?.connectionId
    ? await findConnection(ctx.db, ctx.companyId, first.connectionId)
    : undefined;
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  requireChannelPlan(ctx.actor, connection.channel as Channel);

  const { ticket } = await ctx.db.transaction(async (tx) => {
    await lockContact(tx, ctx.companyId, contact.id);
    const place = { companyId: ctx.companyId, connectionId: connection.id, channel: connection.channel };
    const group = contact.isGroup ? { asTicket: connection.groupAsTicket === 'enabled' } : undefined;
    const found = await findOrCreateTicket(tx, place, contact.id, { group });
    if (!(await maySeeTicket(tx, ctx.actor, found.ticket))) throw new AppError('ERR_NO_TICKET_FOUND');
    return found;
  });
  const sign = (text: string) => (input.signMessage ? signedText(ctx.actor.name, text) : text);
  const start = Date.now();
  const messageIds: number[] = [];
  for (const [index, source] of sources.entries()) {
    const copy = await storeOutbound(ctx, {
      companyId: ctx.companyId,
      ticket,
      body: sign(source.body),
      kind: 'chat',
      userId: ctx.actor.userId,
      forwardOf: source,
      sendAt: new Date(start + index * FORWARD_INTERVAL_MS),
    });
    messageIds.push(copy.id);
  }
  return { ticketId: ticket.id, messageIds };
}

const isTrace = (mediaType: string | null) =>
  mediaType === 'unsupportedMessage' || mediaType === 'systemMessage';

/** The messages in the order they were written; every one must be on a ticket the caller sees. */
async function visibleSources(ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await findMessages(ctx.db, ctx.companyId, unique);
  // Private notes never leave the company, and a deleted message is not sent again; nor is a file
  // never received, or the trace of a message that could not be shown: they have nothing to send.
  const sendable = rows.filter(
    (row) => !row.isPrivate && !row.isDeleted && row.mediaStatus === null && !isTrace(row.mediaType),
  );
  if (sendable.length !== unique.length) throw new AppError('ERR_NO_MESSAGE_FOUND');
  for (const ticketId of new Set(sendable.map((row) => row.ticketId))) {
    if (!(await findVisibleTicket(ctx.db, ctx.actor, ticketId))) throw new AppError('ERR_NO_MESSAGE_FOUND');
  }
  return sendable.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}
