import type { Message } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { publishMessage } from '../tickets/tickets.events.js';
import { loadTicket } from '../tickets/tickets.queries.js';
import { queueChannelReaction } from './messages.channel-reactions.js';
import {
  findMessage,
  findQuoted,
  findReactions,
  removeReaction,
  setReaction,
  toMessage,
} from './messages.queries.js';

/** The messages with the reactions under each. */
async function withReactions(ctx: Ctx, list: Message[]): Promise<Message[]> {
  const rows = await findReactions(
    ctx.db,
    ctx.companyId,
    list.map((m) => m.id),
  );
  return list.map((message) => ({
    ...message,
    reactions: rows.filter((r) => r.messageId === message.id).map(({ emoji, userId }) => ({ emoji, userId })),
  }));
}

/**
 * An agent's emoji under a message of a ticket they see: a new emoji replaces theirs, the same one
 * takes it back. The website chat shows them to the visitor; WhatsApp, Cloud API and Instagram show the customer the latest.
 */
export async function reactToMessage(ctx: Ctx, messageId: number, emoji: string): Promise<Message> {
  const row = await findMessage(ctx.db, ctx.companyId, messageId);
  const ticket = row && (await findVisibleTicket(ctx.db, ctx.actor, row.ticketId));
  if (!row || !ticket || row.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
  // The channel's copy is queued with the change itself: a crash between them cannot leave one without the other.
  await ctx.db.transaction(async (tx) => {
    const removed = await removeReaction(tx, ctx.companyId, messageId, ctx.actor.userId, emoji);
    if (removed.length === 0) await setReaction(tx, ctx.companyId, messageId, ctx.actor.userId, emoji);
    if (row.externalId && !row.isPrivate) {
      const reaction = { companyId: ctx.companyId, messageId, emoji: removed.length ? '' : emoji };
      await queueChannelReaction(ctx, reaction, tx);
    }
  });

  const quoted = await findQuoted(ctx.db, row);
  const [message] = await withReactions(ctx, [toMessage(row, ctx.links, quoted)]);
  const live = await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, row.ticketId));
  if (message && live) await publishMessage(ctx, ctx.companyId, 'update', message, live);
  return message as Message;
}
