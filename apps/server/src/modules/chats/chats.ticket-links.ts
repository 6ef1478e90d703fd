import { and, inArray, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { ticketScopeOf, visibleTicketsFilter } from '../tickets/tickets.access.js';

/**
 * `#123` in a chat message opens ticket 123 for whoever may see it: the numbers come back with the
 * uuid the inbox addresses them by, only for the tickets the caller may open; the rest stay plain text.
 */
export async function findTicketLinks(ctx: Ctx, ids: number[]) {
  if (ids.length === 0) return [];
  return ctx.db
    .select({ id: tickets.id, uuid: tickets.uuid })
    .from(tickets)
    .where(
      tenant(
        tickets,
        ctx.companyId,
        and(
          inArray(tickets.id, ids),
          visibleTicketsFilter(ticketScopeOf(ctx.actor), {
            companyId: sql`${ctx.companyId}`,
            userId: sql`${ctx.actor.userId}`,
          }),
        ),
      ),
    );
}
