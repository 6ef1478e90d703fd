import { can } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tickets, userQueues } from '../../db/schema/index.js';
import type { RequestActor } from '../../platform/auth/actor.js';

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

export async function findVisibleTicket(db: Db, actor: RequestActor, ticketId: number) {
  const [ticket] = await db
    .select({ id: tickets.id, userId: tickets.userId, queueId: tickets.queueId, status: tickets.status })
    .from(tickets)
    .where(and(eq(tickets.companyId, actor.companyId), eq(tickets.id, ticketId)));
  if (!ticket) return undefined;
  const queues = await db
    .select({ queueId: userQueues.queueId })
    .from(userQueues)
    .where(eq(userQueues.userId, actor.userId));
  return canSeeTicket(actor, ticket, new Set(queues.map((q) => q.queueId))) ? ticket : undefined;
}
