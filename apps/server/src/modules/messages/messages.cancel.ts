import type { Message } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { publishMessageUpdates } from './messages.delivery.js';
import { cancelSend } from './messages.outbox-queries.js';
import { findMessage, findQuoted, toMessage } from './messages.queries.js';

/**
 * Whoever sees the ticket withdraws a send still waiting or being retried (a long outage): it ends
 * cancelled and never leaves. One in flight, of unknown outcome or settled is past cancelling.
 */
export async function cancelMessage(ctx: Ctx, messageId: number): Promise<Message> {
  const message = await findMessage(ctx.db, ctx.companyId, messageId);
  const ticket = message && (await findVisibleTicket(ctx.db, ctx.actor, message.ticketId));
  if (!message || !ticket) throw new AppError('ERR_NO_MESSAGE_FOUND');
  const cancelled = await cancelSend(ctx.db, ctx.companyId, messageId);
  if (!cancelled) throw new AppError('ERR_MESSAGE_NOT_CANCELLABLE');
  await publishMessageUpdates(ctx, [cancelled]);
  return toMessage(cancelled, ctx.links, await findQuoted(ctx.db, cancelled));
}
