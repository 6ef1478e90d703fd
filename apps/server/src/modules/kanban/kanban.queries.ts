import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tags, tickets, ticketTags } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { TicketScope } from '../tickets/tickets.access.js';
import { visibleTicketsFilter } from '../tickets/tickets.access.js';
import { selectTickets } from '../tickets/tickets.queries.js';

/** The lanes in the order the company made them: a workflow's columns are made in its order. */
export function laneTags(db: Db, companyId: number) {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(tags)
    .where(tenant(tags, companyId, ne(tags.kanban, 0)))
    .orderBy(asc(tags.id));
}

/** A ticket carrying a lane tag of its company (the "Em aberto" lane holds those that carry none). */
const inSomeLane = sql`exists (select 1 from ${ticketTags} tt join ${tags} lane on lane.id = tt.tag_id
  and lane.company_id = ${tickets.companyId} and lane.kanban <> 0 where tt.ticket_id = ${tickets.id})`;

const inLane = (tagId: number) =>
  sql`exists (select 1 from ${ticketTags} tt where tt.ticket_id = ${tickets.id} and tt.tag_id = ${tagId})`;

export interface LanePage {
  companyId: number;
  userId: number;
  scope: TicketScope;
  /** The queues whose tickets the board shows; `withoutQueue` adds those waiting without one. */
  queueIds: number[];
  withoutQueue: boolean;
  /** A lane tag of the company, or undefined for the tickets in no lane. */
  tagId?: number;
  statuses: readonly string[];
  limit: number;
  offset: number;
}

/**
 * One page of a lane, newest first. Served by `tickets_company_status_updated_idx` (company, status,
 * updated_at) for "Em aberto", and from `ticket_tags_tag_idx` for a tag's lane.
 */
export function lanePage(db: Db, page: LanePage) {
  const queues: SQL | undefined = or(
    page.queueIds.length ? inArray(tickets.queueId, page.queueIds) : undefined,
    page.withoutQueue ? isNull(tickets.queueId) : undefined,
  );
  return selectTickets(db)
    .where(
      and(
        eq(tickets.companyId, page.companyId),
        inArray(tickets.status, [...page.statuses]),
        visibleTicketsFilter(page.scope, { companyId: sql`${page.companyId}`, userId: sql`${page.userId}` }),
        queues ?? sql`false`,
        page.tagId === undefined ? sql`not ${inSomeLane}` : inLane(page.tagId),
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(page.limit)
    .offset(page.offset);
}
