import type { Ticket, UpdateTicketBody } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { notifyConversationClosed } from '../../platform/ports/channel-adapter.js';
import { maySeeTicket } from './tickets.access.js';
import { publishTicket } from './tickets.events.js';
import { sendFarewell } from './tickets.farewell.js';
import { sendAcceptGreeting, sendTransferNotice } from './tickets.notices.js';
import { loadTicket, loadTicketById } from './tickets.queries.js';
import { askForRating } from './tickets.rating.js';
import { changeTicket } from './tickets.transitions.js';

export async function showTicket(ctx: Ctx, key: number | { uuid: string }): Promise<Ticket> {
  // Read once and checked in memory: a conversation page is opened far more often than anything else.
  const ticket =
    typeof key === 'number'
      ? await loadTicketById(ctx.db, ctx.links, ctx.companyId, key)
      : await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.uuid, key.uuid));
  if (!ticket || !(await maySeeTicket(ctx.db, ctx.actor, ticket))) throw new AppError('ERR_NO_TICKET_FOUND');
  return ticket;
}

export async function updateTicket(ctx: Ctx, id: number, body: UpdateTicketBody): Promise<Ticket> {
  const { current, change, bot } = await changeTicket(ctx, id, body);
  if (change.action === 'none' && !bot) return showTicket(ctx, id);

  // A ticket waiting for its rating gets the farewell after the score, and its visitor may still answer.
  const rating =
    change.action === 'close' && body.sendFarewellMessage !== false && (await askForRating(ctx, current));
  if (change.action === 'close' && !rating && body.sendFarewellMessage !== false)
    await sendFarewell(ctx, current);
  if ((change.action === 'close' && !rating) || change.action === 'ignore')
    await notifyConversationClosed(ctx, current);
  const ticket = (await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, id))) as Ticket;
  await publishTicket(ctx, ctx.companyId, ticket, current);
  if (change.action === 'accept') await sendAcceptGreeting(ctx, current, ticket);
  if (change.action === 'transfer') await sendTransferNotice(ctx, current, ticket);
  return ticket;
}
