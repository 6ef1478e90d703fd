import { can, type ListTicketsQuery, type Ticket, type UpdateTicketBody } from '@balcao/shared';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { contacts, tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { readSetting } from '../settings/settings.queries.js';
import { findVisibleTicket, visibleTicketsFilter } from './tickets.access.js';
import { publishTicket } from './tickets.events.js';
import { sendFarewell } from './tickets.farewell.js';
import { loadTicket, presentTickets, queueIdsOfUser, selectTickets } from './tickets.queries.js';
import { planTicketChange, type TicketChange } from './tickets.rules.js';
import {
  applyTicketChange,
  contactHasTag,
  findTicketHolder,
  findTransferTarget,
  otherActiveTicket,
  queueExists,
} from './tickets.transitions.js';

type PlannedChange = Exclude<TicketChange, { action: 'none' | 'taken' }>;

const TICKETS_PAGE = 40;
const COUNT_CAP = 1000;
/** A change re-planned this many times, the ticket changing under it each time, answers already-taken. */
const MAX_ATTEMPTS = 3;

export async function listTickets(ctx: Ctx, query: ListTicketsQuery) {
  const showAll = query.showAll === true && can(ctx.actor, 'tickets-manager:showall');
  const filters: (SQL | undefined)[] = [eq(tickets.companyId, ctx.companyId)];
  if (query.status) filters.push(eq(tickets.status, query.status));
  // The open tab is "mine" unless an admin asks to see everyone's (spec 000 §2, §6).
  if (query.status === 'open' && !showAll) filters.push(eq(tickets.userId, ctx.actor.userId));
  else if (!showAll)
    filters.push(visibleTicketsFilter(ctx.actor, await queueIdsOfUser(ctx.db, ctx.actor.userId)));
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
    tickets: await presentTickets(ctx.db, ctx.links, rows.slice(0, TICKETS_PAGE)),
    hasMore: rows.length > TICKETS_PAGE,
    count: counted?.value ?? 0,
  };
}

export async function showTicket(ctx: Ctx, key: number | { uuid: string }): Promise<Ticket> {
  const visible = await findVisibleTicket(ctx.db, ctx.actor, key);
  if (!visible) throw new AppError('ERR_NO_TICKET_FOUND');
  return (await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, visible.id))) as Ticket;
}

/**
 * Accept, reopen, close, return and transfer (spec 000 §4). The change is planned from the ticket as
 * read and applied only if it is still so; when it changed meanwhile, accept and reopen answer who
 * took it, other changes are planned again from the ticket as it is now.
 */
export async function updateTicket(ctx: Ctx, id: number, body: UpdateTicketBody): Promise<Ticket> {
  for (let attempt = 1; ; attempt++) {
    const current = await findVisibleTicket(ctx.db, ctx.actor, id);
    if (!current) throw new AppError('ERR_NO_TICKET_FOUND');
    const mover = { userId: ctx.actor.userId, movesAny: can(ctx.actor, 'tickets:transferAny') };
    const change = planTicketChange(current, body, mover);
    if (change.action === 'none') return showTicket(ctx, id);
    if (change.action === 'taken' || attempt > MAX_ATTEMPTS) throw await alreadyTaken(ctx, id);
    await checkChange(ctx, current, change);

    const now = new Date();
    let applied: boolean;
    try {
      applied = await ctx.db.transaction((tx) => applyTicketChange(tx, ctx.companyId, current, change, now));
    } catch (error) {
      if (!isUniqueViolation(error, 'tickets_company_contact_connection_active_key')) throw error;
      const other = await findTicketHolder(ctx.db, ctx.links, ctx.companyId, otherActiveTicket(current));
      throw new AppError('ERR_OTHER_OPEN_TICKET', undefined, undefined, other);
    }
    if (!applied) {
      if (change.action === 'accept' || change.action === 'reopen') throw await alreadyTaken(ctx, id);
      continue;
    }

    if (change.action === 'close' && body.sendFarewellMessage !== false) await sendFarewell(ctx, current);
    const ticket = (await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, id))) as Ticket;
    publishTicket(ctx, ctx.companyId, ticket, current.status);
    return ticket;
  }
}

/** The ticket's new queue and user must be the company's, and the user must serve that queue. */
async function checkChange(ctx: Ctx, current: { contactId: number }, change: PlannedChange) {
  if (change.queueId && !(await queueExists(ctx.db, ctx.companyId, change.queueId)))
    throw new AppError('ERR_VALIDATION', 'Unknown queue', { queueId: 'invalidValue' });
  if (change.action === 'transfer' && change.userId !== null && change.queueId) {
    const target = await findTransferTarget(ctx.db, ctx.companyId, change.userId, change.queueId);
    if (!target) throw new AppError('ERR_NO_USER_FOUND');
    // Admins answer every queue (they see all of them); others only the queues they serve.
    if (target.profile !== 'admin' && !target.servesQueue)
      throw new AppError('ERR_VALIDATION', 'The user does not serve this queue', { userId: 'invalidValue' });
  }
  if (
    change.action === 'close' &&
    (await readSetting(ctx.db, ctx.companyId, 'requiredTag')) === 'enabled' &&
    !(await contactHasTag(ctx.db, ctx.companyId, current.contactId))
  )
    throw new AppError('ERR_TAG_REQUIRED');
}

/** The already-taken answer, naming who holds the ticket now. */
async function alreadyTaken(ctx: Ctx, id: number) {
  const holder = await findTicketHolder(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, id));
  return new AppError('ERROR_TICKET_OPEN', 'The ticket was taken meanwhile', undefined, holder);
}
