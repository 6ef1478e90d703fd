import { and, eq, inArray, ne } from 'drizzle-orm';
import { tickets, ticketTags } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { publishTicket } from '../tickets/tickets.events.js';
import { presentTickets, selectTickets } from '../tickets/tickets.queries.js';

/** The live (not closed) tickets carrying the tag: those shown in someone's list right now. */
export async function liveTicketIdsOfTag(ctx: Ctx, tagId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: tickets.id })
    .from(ticketTags)
    .innerJoin(tickets, eq(tickets.id, ticketTags.ticketId))
    .where(and(eq(ticketTags.tagId, tagId), tenant(tickets, ctx.companyId, ne(tickets.status, 'closed'))));
  return rows.map((row) => row.id);
}

/** Ticket lists show each ticket's tags: a renamed, recoloured or deleted tag changes them. */
export async function republishTickets(ctx: Ctx, ticketIds: number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  const rows = await selectTickets(ctx.db).where(
    tenant(tickets, ctx.companyId, inArray(tickets.id, ticketIds)),
  );
  for (const ticket of presentTickets(ctx.links, rows)) {
    await publishTicket(ctx, ctx.companyId, ticket);
  }
}
