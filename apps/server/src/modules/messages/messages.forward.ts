import { FORWARD_INTERVAL_MS, type ForwardMessagesBody, signedText } from '@balcao/shared';
import { findOrCreateTicket, lockContact } from '../../inbox/ticket-resolution.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findConnection } from '../connections/connections.queries.js';
import { findContact } from '../contacts/contacts.queries.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { storeOutbound } from './messages.outbox.js';
import { findMessages } from './messages.queries.js';

/**
 * Copies messages into the contact's active ticket on the connection of the first message's
 * ticket, or a new one. The copies are stored at once and their deliveries scheduled 900 ms
 * apart, so the request never waits for the pacing.
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

  const { ticket } = await ctx.db.transaction(async (tx) => {
    await lockContact(tx, ctx.companyId, contact.id);
    const place = { companyId: ctx.companyId, connectionId: connection.id, channel: connection.channel };
    return findOrCreateTicket(tx, place, contact.id);
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

/** The messages in the order they were written; every one must be on a ticket the caller sees. */
async function visibleSources(ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await findMessages(ctx.db, ctx.companyId, unique);
  // Private notes never leave the company, and a deleted message is not sent again.
  const sendable = rows.filter((row) => !row.isPrivate && !row.isDeleted);
  if (sendable.length !== unique.length) throw new AppError('ERR_NO_MESSAGE_FOUND');
  for (const ticketId of new Set(sendable.map((row) => row.ticketId))) {
    if (!(await findVisibleTicket(ctx.db, ctx.actor, ticketId))) throw new AppError('ERR_NO_MESSAGE_FOUND');
  }
  return sendable.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}
