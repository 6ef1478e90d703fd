import { can, type ListTicketsQuery, type Ticket, type UpdateTicketBody } from '@balcao/shared';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { notifyConversationClosed } from '../../channels/webchat/webchat.channel.js';
import { contacts, tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket, visibleTicketsFilter } from './tickets.access.js';
import { publishTicket } from './tickets.events.js';
import { sendFarewell } from './tickets.farewell.js';
import { sendAcceptGreeting, sendTransferNotice } from './tickets.notices.js';
import { loadTicket, presentTickets, queueIdsOfUser, selectTickets } from './tickets.queries.js';
import { changeTicket } from './tickets.transitions.js';

const TICKETS_PAGE = 40;
const COUNT_CAP = 1000;

export async function listTickets(ctx: Ctx, query: ListTicketsQuery) {
  const showAll = query.showAll === true && can(ctx.actor, 'tickets-manager:showall');
  const filters: (SQL | undefined)[] = [eq(tickets.companyId, ctx.companyId)];
  if (query.status) filters.push(eq(tickets.status, query.status));
  // The open tab is "mine" unless an admin asks to see everyone's (spec 000 §2, §6).
  if (query.status === 'open' && !showAll) filters.push(eq(tickets.userId, ctx.actor.userId));
  else if (!showAll)
    filters.push(
      visibleTicketsFilter(ctx.actor, await queueIdsOfUser(ctx.db, ctx.companyId, ctx.actor.userId)),
    );
  if (query.queueIds?.length) {
    const ids = query.queueIds.filter((id) => id > 0);
    filters.push(
      or(
        ids.length ? inArray(tickets.queueId, ids) : undefined,
        query.queueIds.includes(0) ? isNull(tickets.queueId) : undefined,
      ),
    );
  }
  if (query.whatsappIds?.length) filters.push(inArray(tickets.connectionId, query.whatsappIds));
  if (query.withUnreadMessages) filters.push(gt(tickets.unreadMessages, 0));
  if (query.searchParam) {
    const pattern = `%${query.searchParam.replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(
      or(ilike(contacts.name, pattern), ilike(contacts.number, pattern), ilike(tickets.lastMessage, pattern)),
    );
  }
  const where = and(...filters);
  const offset = (query.pageNumber - 1) * TICKETS_PAGE;
  const matching = query.searchParam
    ? ctx.db.select({ one: sql`1` }).from(tickets).innerJoin(contacts, eq(contacts.id, tickets.contactId))
    : ctx.db.select({ one: sql`1` }).from(tickets);
  const [rows, [counted]] = await Promise.all([
    selectTickets(ctx.db)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(TICKETS_PAGE + 1)
      .offset(offset),
    // A tab shows '999+' past 999, so counting stops there instead of scanning a large history.
    ctx.db.select({ value: count() }).from(matching.where(where).limit(COUNT_CAP).as('matching')),
  ]);
  return {
    tickets: await presentTickets(ctx.db, ctx.links, ctx.companyId, rows.slice(0, TICKETS_PAGE)),
    hasMore: rows.length > TICKETS_PAGE,
    count: counted?.value ?? 0,
  };
}

export async function showTicket(ctx: Ctx, key: number | { uuid: string }): Promise<Ticket> {
  const visible = await findVisibleTicket(ctx.db, ctx.actor, key);
  if (!visible) throw new AppError('ERR_NO_TICKET_FOUND');
  return (await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, visible.id))) as Ticket;
}

export async function updateTicket(ctx: Ctx, id: number, body: UpdateTicketBody): Promise<Ticket> {
  const { current, change } = await changeTicket(ctx, id, body);
  if (change.action === 'none') return showTicket(ctx, id);

  if (change.action === 'close' && body.sendFarewellMessage !== false) await sendFarewell(ctx, current);
  if (change.action === 'close') await notifyConversationClosed(ctx, current);
  const ticket = (await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, id))) as Ticket;
  publishTicket(ctx, ctx.companyId, ticket, current);
  if (change.action === 'accept') await sendAcceptGreeting(ctx, current, ticket);
  if (change.action === 'transfer') await sendTransferNotice(ctx, current, ticket);
  return ticket;
}
