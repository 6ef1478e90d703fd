import { eq, ne, type SQL } from 'drizzle-orm';
import { contactTags, tickets, ticketTags } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { publishTicket } from '../tickets/tickets.events.js';
import { loadTicketsByIds } from '../tickets/tickets.queries.js';

const live = (ctx: Ctx, where: SQL) => tenant(tickets, ctx.companyId, ne(tickets.status, 'closed'), where);

/**
 * The live (not closed) tickets carrying the tag, or whose contact carries it: those shown in someone's
 * list right now, with the tag.
 */
export async function liveTicketIdsOfTag(ctx: Ctx, tagId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: tickets.id })
    .from(ticketTags)
    .innerJoin(tickets, eq(tickets.id, ticketTags.ticketId))
    .where(live(ctx, eq(ticketTags.tagId, tagId)))
    .union(
      ctx.db
        .select({ id: tickets.id })
        .from(contactTags)
        .innerJoin(tickets, eq(tickets.contactId, contactTags.contactId))
        .where(live(ctx, eq(contactTags.tagId, tagId))),
    );
  return rows.map((row) => row.id);
}

/** The contact's live tickets: their rows show the contact's tags. */
export async function liveTicketIdsOfContact(ctx: Ctx, contactId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(live(ctx, eq(tickets.contactId, contactId)));
  return rows.map((row) => row.id);
}

/** Ticket lists show each ticket's tags and its contact's: a renamed, recoloured or deleted tag changes them. */
export async function republishTickets(ctx: Ctx, ticketIds: number[]): Promise<void> {
  for (const ticket of await loadTicketsByIds(ctx.db, ctx.links, ctx.companyId, ticketIds)) {
    await publishTicket(ctx, ctx.companyId, ticket);
  }
}
