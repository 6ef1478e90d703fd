import type { TagRef } from '@balcao/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { tags, ticketTags } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { companyTagIds } from './tags.queries.js';
import { announceTicketTags } from './tags.sync.js';

/**
 * The Kanban's calls (spec 001 §7): a card moved to a lane loses its lane tags, then gets the new
 * lane's. Lanes are tags on tickets (docs/decisions.md, issue 19 item 11); other tags stay.
 */
async function requireVisibleTicket(ctx: Ctx, ticketId: number) {
  if (!(await findVisibleTicket(ctx.db, ctx.actor, ticketId))) throw new AppError('ERR_NO_TICKET_FOUND');
}

/** `PUT /ticket-tags/{ticketId}/{tagId}`: adds one tag; adding it again changes nothing. */
export async function addTicketTag(ctx: Ctx, ticketId: number, tagId: number): Promise<{ tags: TagRef[] }> {
  if (!(await companyTagIds(ctx.db, ctx.companyId, [tagId])).has(tagId))
    throw new AppError('ERR_NO_TAG_FOUND');
  await requireVisibleTicket(ctx, ticketId);
  const added = await ctx.db.insert(ticketTags).values({ ticketId, tagId }).onConflictDoNothing().returning();
  return announceTicketTags(
    ctx,
    ticketId,
    added.map((row) => row.tagId),
  );
}

/** `DELETE /ticket-tags/{ticketId}`: takes the ticket out of its Kanban lane (its tags that are lanes). */
export async function removeTicketLanes(ctx: Ctx, ticketId: number): Promise<{ tags: TagRef[] }> {
  await requireVisibleTicket(ctx, ticketId);
  const lanes = ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(tenant(tags, ctx.companyId, ne(tags.kanban, 0)));
  const removed = await ctx.db
    .delete(ticketTags)
    .where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, lanes)))
    .returning();
  return announceTicketTags(
    ctx,
    ticketId,
    removed.map((row) => row.tagId),
  );
}
