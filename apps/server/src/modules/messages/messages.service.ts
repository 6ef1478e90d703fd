import type { Message } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { publishTicketRead } from '../tickets/tickets.events.js';
import { markTicketRead } from '../tickets/tickets.queries.js';
import { showTicket } from '../tickets/tickets.service.js';
import { storeOutbound } from './messages.outbox.js';
import { findMessagesPage, toMessage } from './messages.queries.js';

const MESSAGES_PAGE = 20;

/** A page of a conversation, oldest first; reading the newest page marks the ticket read. */
export async function listMessages(ctx: Ctx, ticketId: number, pageNumber: number) {
  const ticket = await showTicket(ctx, ticketId);
  const rows = await findMessagesPage(ctx.db, ctx.companyId, ticketId, {
    limit: MESSAGES_PAGE + 1,
    offset: (pageNumber - 1) * MESSAGES_PAGE,
  });
  const hasMore = rows.length > MESSAGES_PAGE;
  const page = rows.slice(0, MESSAGES_PAGE).reverse();

  if (pageNumber === 1 && ticket.unreadMessages > 0) {
    await markTicketRead(ctx.db, ctx.companyId, ticketId);
    ticket.unreadMessages = 0;
    publishTicketRead(ctx, ctx.companyId, ticket);
  }
  return { messages: page.map((row) => toMessage(row, ctx.links)), hasMore, ticket };
}

/** An agent's reply: only on a ticket that is open (or a group), as the composer allows (spec 000 §4). */
export async function sendMessage(
  ctx: Ctx,
  ticketId: number,
  input: { body: string; isPrivate: boolean },
): Promise<Message> {
  const ticket = await findVisibleTicket(ctx.db, ctx.actor, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (ticket.status !== 'open' && ticket.status !== 'group' && !input.isPrivate)
    throw new AppError('ERR_CREATING_MESSAGE', 'Accept or reopen the ticket first');
  return storeOutbound(ctx, {
    companyId: ctx.companyId,
    ticket,
    body: input.body,
    kind: 'chat',
    userId: ctx.actor.userId,
    isPrivate: input.isPrivate,
  });
}
