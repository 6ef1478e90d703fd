import { can } from '@balcao/shared';
import { and, eq, isNull, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { statementsByShape } from '../../db/prepared.js';
import { queues, tickets, userQueues } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import { queueIdsOfUser } from './tickets.queries.js';

type TicketFields = Pick<typeof tickets.$inferSelect, 'userId' | 'queueId' | 'status'>;

/**
 * Whether a user may see a ticket (spec 000 §6): admins and users with allTicket see every queue;
 * others see their own tickets, their queues' tickets and tickets waiting without a queue
 * (the 'Sem fila' queue every user has); group tickets need allowGroup.
 */
export function canSeeTicket(
  actor: RequestActor,
  ticket: TicketFields,
  actorQueueIds: ReadonlySet<number>,
): boolean {
  if (ticket.status === 'group' && !can(actor, 'tickets:groups')) return false;
  if (can(actor, 'tickets:seeAllQueues') || ticket.userId === actor.userId) return true;
  return ticket.queueId === null ? ticket.userId === null : actorQueueIds.has(ticket.queueId);
}

/** Every route of a ticket reads it by id first: rendered once, executed with the ids. */
const ticketRowById = statementsByShape('ticket_row_by_id', (db) =>
  db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, sql.placeholder('companyId')), eq(tickets.id, sql.placeholder('id')))),
);

/** A ticket of the caller's company by id or uuid, if the caller may see it. */
export async function findVisibleTicket(db: Db | Tx, actor: RequestActor, key: number | { uuid: string }) {
  const [ticket] =
    typeof key === 'number'
      ? await ticketRowById(db, {}).execute({ companyId: actor.companyId, id: key })
      : await db
          .select()
          .from(tickets)
          .where(and(eq(tickets.companyId, actor.companyId), eq(tickets.uuid, key.uuid)));
  return ticket && (await maySeeTicket(db, actor, ticket)) ? ticket : undefined;
}

/** `canSeeTicket` for a ticket already read, fetching the actor's queues only when they decide. */
export async function maySeeTicket(db: Db | Tx, actor: RequestActor, ticket: TicketFields): Promise<boolean> {
  const needsQueues = !can(actor, 'tickets:seeAllQueues') && ticket.userId !== actor.userId;
  const queueIds = needsQueues ? await queueIdsOfUser(db, actor.companyId, actor.userId) : new Set<number>();
  return canSeeTicket(actor, ticket, queueIds);
}

/** What of the caller decides which tickets a list may show. */
export interface TicketScope {
  groups: boolean;
  allQueues: boolean;
}

export const ticketScopeOf = (actor: RequestActor): TicketScope => ({
  groups: can(actor, 'tickets:groups'),
  allQueues: can(actor, 'tickets:seeAllQueues'),
});

/**
 * The same rule as `canSeeTicket`, as SQL for lists. The caller's queues are read inside the same
 * statement, so a list is one round trip and never trusts queue ids kept in the browser. The caller's
 * ids are placeholders or values, so a prepared statement can carry the rule.
 */
export function visibleTicketsFilter(
  scope: TicketScope,
  caller: { companyId: SQLWrapper; userId: SQLWrapper },
): SQL | undefined {
  const groups = scope.groups ? undefined : ne(tickets.status, 'group');
  if (scope.allQueues) return groups;
  const ownQueues = sql`${tickets.queueId} in (select uq.queue_id from ${userQueues} uq
    join ${queues} q on q.id = uq.queue_id and q.company_id = ${caller.companyId}
    where uq.user_id = ${caller.userId})`;
  const own = or(
    eq(tickets.userId, caller.userId),
    ownQueues,
    and(isNull(tickets.queueId), isNull(tickets.userId)),
  );
  return and(own, groups);
}
