import { can } from '@balcao/shared';
import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import { queueIdsOfUser } from './tickets.queries.js';

type TicketScope = Pick<typeof tickets.$inferSelect, 'userId' | 'queueId' | 'status'>;

/**
 * Whether a user may see a ticket (spec 000 §6): admins and users with allTicket see every queue;
 * others see their own tickets, their queues' tickets and tickets waiting without a queue
 * (the 'Sem fila' queue every user has); group tickets need allowGroup.
 */
export function canSeeTicket(
  actor: RequestActor,
  ticket: TicketScope,
  actorQueueIds: ReadonlySet<number>,
): boolean {
  if (ticket.status === 'group' && !can(actor, 'tickets:groups')) return false;
  if (can(actor, 'tickets:seeAllQueues') || ticket.userId === actor.userId) return true;
  return ticket.queueId === null ? ticket.userId === null : actorQueueIds.has(ticket.queueId);
}

/** A ticket of the caller's company by id or uuid, if the caller may see it. */
export async function findVisibleTicket(db: Db | Tx, actor: RequestActor, key: number | { uuid: string }) {
  const byKey = typeof key === 'number' ? eq(tickets.id, key) : eq(tickets.uuid, key.uuid);
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, actor.companyId), byKey));
  if (!ticket) return undefined;
  // Queues decide only for someone who sees neither every queue nor their own ticket.
  const needsQueues = !can(actor, 'tickets:seeAllQueues') && ticket.userId !== actor.userId;
  const queueIds = needsQueues ? await queueIdsOfUser(db, actor.companyId, actor.userId) : new Set<number>();
  return canSeeTicket(actor, ticket, queueIds) ? ticket : undefined;
}

/** The same rule as `canSeeTicket`, as SQL for lists. */
export function visibleTicketsFilter(actor: RequestActor, queueIds: ReadonlySet<number>): SQL | undefined {
  const groups = can(actor, 'tickets:groups') ? undefined : ne(tickets.status, 'group');
  if (can(actor, 'tickets:seeAllQueues')) return groups;
  const own = or(
    eq(tickets.userId, actor.userId),
    queueIds.size > 0 ? inArray(tickets.queueId, [...queueIds]) : undefined,
    and(isNull(tickets.queueId), isNull(tickets.userId)),
  );
  return and(own, groups);
}
