import type { CloseAllTicketsBody, Ticket } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { notifyConversationClosed } from '../../platform/ports/channel-adapter.js';
import { recordAudit } from '../audit/audit.record.js';
import { findVisibleTicket } from './tickets.access.js';
import { nextTicketsInStatus, removeTicket } from './tickets.bulk.queries.js';
import { publishTicket, publishTicketDeleted } from './tickets.events.js';
import { loadTicket } from './tickets.queries.js';
import { applyTicketChange } from './tickets.transitions.queries.js';

/** Tickets closed per transaction by close-all, so a large inbox never holds one long lock. */
const CLOSE_BATCH = 100;

/** Deletes a ticket with its messages and tells everyone who could see it (spec 000 §4). */
export async function deleteTicket(ctx: Ctx, id: number) {
  const ticket = await findVisibleTicket(ctx.db, ctx.actor, id);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  await ctx.db.transaction(async (tx) => {
    if (!(await removeTicket(tx, ctx.companyId, ticket.id))) throw new AppError('ERR_NO_TICKET_FOUND');
    const changes = { contactId: ticket.contactId, status: ticket.status };
    await recordAudit(tx, ctx, {
      companyId: ctx.companyId,
      action: 'ticket.delete',
      entityType: 'ticket',
      entityId: ticket.id,
      changes,
    });
  });
  publishTicketDeleted(ctx, ctx.companyId, ticket, ctx.actor.userId);
}

/**
 * Closes every ticket of the company in a status, through the same guarded change as one close: a
 * ticket that changed meanwhile is left as it now is. No farewell goes out (see docs/decisions.md).
 */
export async function closeAllTickets(ctx: Ctx, body: CloseAllTicketsBody) {
  let closed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await nextTicketsInStatus(ctx.db, ctx.companyId, body, afterId, CLOSE_BATCH);
    if (batch.length === 0) return { closed };
    afterId = batch.at(-1)?.id ?? afterId;
    const now = new Date();
    const done = await ctx.db.transaction(async (tx) => {
      const applied = [];
      for (const current of batch) {
        const userId = current.status === 'pending' ? current.userId : ctx.actor.userId;
        const change = { action: 'close' as const, status: 'closed', userId };
        if (await applyTicketChange(tx, ctx.companyId, current, change, now, ctx.actor.userId))
          applied.push(current);
      }
      return applied;
    });
    closed += done.length;
    for (const current of done) {
      await notifyConversationClosed(ctx, current);
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
