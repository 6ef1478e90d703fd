import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket } from './tickets.access.js';
import { selectTicketLogs } from './tickets.logs.queries.js';

/** A ticket's history, oldest first, for whoever may see the ticket. */
export async function listTicketLogs(ctx: Ctx, id: number) {
  const ticket = await findVisibleTicket(ctx.db, ctx.actor, id);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  return selectTicketLogs(ctx.db, ctx.companyId, ticket.id);
}
