import type { Ticket } from '@balcao/shared';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { closeBySystem } from '../../modules/tickets/tickets.bot-state.js';
import { publishTicket } from '../../modules/tickets/tickets.events.js';
import { loadTicket } from '../../modules/tickets/tickets.queries.js';
import { applyTicketChange } from '../../modules/tickets/tickets.transitions.queries.js';
import type { AppDeps, Ctx } from '../../platform/context.js';

const CLOSE_BATCH = 100;

/**
 * `POST /closedimported/{id}`: closes the tickets a history import opened on the connection, in
 * batches and through the same guarded change as one close (a ticket an agent took meanwhile is
 * left alone). Answers how many were closed.
 */
export async function closeImportedTickets(ctx: Ctx, connectionId: number) {
  let closed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await openImported(ctx.db, ctx.companyId, connectionId, afterId);
    if (batch.length === 0) return { closed };
    afterId = batch.at(-1)?.id ?? afterId;
    const now = new Date();
    const done = await ctx.db.transaction(async (tx) => {
      const applied = [];
      for (const current of batch) {
        const change = { action: 'close' as const, status: 'closed', userId: current.userId };
        if (await applyTicketChange(tx, ctx.companyId, current, change, now, ctx.actor.userId))
          applied.push(current);
      }
      return applied;
    });
    closed += done.length;
    for (const current of done) {
      const ticket = (await loadTicket(
        ctx.db,
        ctx.links,
        ctx.companyId,
        eq(tickets.id, current.id),
      )) as Ticket;
      await publishTicket(ctx, ctx.companyId, ticket, current);
    }
  }
}

/**
 * closedTicketsPostImported: when an import finishes its tickets close by themselves, logged as the
 * timers' system close (no user) and through the same guarded change. A ticket an agent took (before
 * or during the close) stays theirs: no one asked for it to close. Nothing is sent to the contacts.
 */
export async function closeImportedBySystem(deps: AppDeps, companyId: number, connectionId: number) {
  let afterId = 0;
  for (;;) {
    const batch = await openImported(deps.db, companyId, connectionId, afterId);
    if (batch.length === 0) return;
    afterId = batch.at(-1)?.id ?? afterId;
    for (const ticket of batch)
      if (ticket.userId === null) await closeBySystem(deps, ticket, { message: '', logType: 'autoClose' });
  }
}

/** The next page of the connection's imported tickets still open (tickets_connection_status_idx serves it). */
const openImported = (db: Db, companyId: number, connectionId: number, afterId: number) =>
  db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.connectionId, connectionId),
        eq(tickets.imported, true),
        ne(tickets.status, 'closed'),
        gt(tickets.id, afterId),
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(CLOSE_BATCH);
