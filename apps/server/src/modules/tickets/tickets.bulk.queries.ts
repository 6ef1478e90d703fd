import { asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

export async function removeTicket(db: Db | Tx, companyId: number, id: number): Promise<boolean> {
  // Messages, notes, logs and cycles go with it (foreign keys cascade).
  const removed = await db
    .delete(tickets)
    .where(tenant(tickets, companyId, eq(tickets.id, id)))
    .returning({ id: tickets.id });
  return removed.length > 0;
}

/** The next `limit` tickets in `status` (and in `queueIds`, 0 standing for "no queue") after `afterId`. */
export function nextTicketsInStatus(
  db: Db,
  companyId: number,
  filter: { status: string; queueIds?: number[] },
  afterId: number,
  limit: number,
) {
  const ids = filter.queueIds?.filter((id) => id > 0) ?? [];
  const inQueues = filter.queueIds
    ? or(
        ids.length ? inArray(tickets.queueId, ids) : undefined,
        filter.queueIds.includes(0) ? isNull(tickets.queueId) : undefined,
      )
    : undefined;
  return db
    .select()
    .from(tickets)
    .where(tenant(tickets, companyId, eq(tickets.status, filter.status), gt(tickets.id, afterId), inQueues))
    .orderBy(asc(tickets.id))
    .limit(limit);
}
