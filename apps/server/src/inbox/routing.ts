import { and, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import { tickets, userQueues, users } from '../db/schema/index.js';
import { changeTicketState, say, type TicketRow } from '../modules/tickets/tickets.bot-state.js';
import { botTexts } from '../modules/tickets/tickets.bot-texts.js';
import type { AppDeps } from '../platform/context.js';
import { isWorkingAt } from './hours.js';
import type { QueueRow } from './menu.queries.js';

/** The queue's members who may take a ticket now: online and within their work hours, by id. */
async function availableMembers(deps: AppDeps, companyId: number, queueId: number, timeZone: string) {
  const members = await deps.db
    .select({ id: users.id, startWork: users.startWork, endWork: users.endWork })
    .from(userQueues)
    .innerJoin(users, eq(users.id, userQueues.userId))
    .where(and(eq(userQueues.queueId, queueId), eq(users.companyId, companyId), eq(users.online, true)))
    .orderBy(users.id);
  const now = deps.now();
  return members.filter((m) => isWorkingAt(m, now, timeZone)).map((m) => m.id);
}

/** Of `candidates`, the one holding the fewest waiting and open tickets (the lowest id on a tie). */
async function leastBusy(deps: AppDeps, companyId: number, candidates: number[]) {
  const load = await deps.db
    .select({ userId: tickets.userId, value: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        inArray(tickets.userId, candidates),
        inArray(tickets.status, ['pending', 'open']),
      ),
    )
    .groupBy(tickets.userId);
  const busy = new Map(load.map((l) => [l.userId, l.value]));
  return [...candidates].sort((a, b) => (busy.get(a) ?? 0) - (busy.get(b) ?? 0) || a - b)[0];
}

/**
 * The queue router (ativarRoteador) offers a waiting ticket to one available member: the least busy
 * at first, then, every tempoRoteador minutes it stays unaccepted, the next member in turn. The
 * ticket stays waiting, in that member's name, until they accept it. Answers the ticket as it is.
 */
export async function routeTicket(
  deps: AppDeps,
  ticket: TicketRow,
  queue: QueueRow,
  options: { timeZone: string; userRandom: boolean },
): Promise<TicketRow> {
  if (ticket.status !== 'pending' || !ticket.queueId) return ticket;
  const members = await availableMembers(deps, ticket.companyId, ticket.queueId, options.timeZone);
  if (members.length === 0) return ticket;
  let next: number | undefined;
  if (queue.ativarRoteador) {
    if (ticket.userId === null) next = await leastBusy(deps, ticket.companyId, members);
    else {
      const after = members.filter((id) => id > (ticket.userId as number));
      next = after[0] ?? members.find((id) => id !== ticket.userId);
    }
  } else if (options.userRandom && ticket.userId === null) {
    next = members[Math.floor(Math.random() * members.length)];
  }
  if (next === undefined || next === ticket.userId) return ticket;
  const routed = await changeTicketState(
    deps,
    ticket,
    { userId: next, routedAt: deps.now() },
    { type: 'route', userId: next },
  );
  return routed ?? ticket;
}

/** sendQueuePosition: how many unassigned tickets of the queue wait ahead of this one, plus one. */
export async function sayQueuePosition(deps: AppDeps, ticket: TicketRow) {
  if (!ticket.queueId || ticket.userId !== null || ticket.status !== 'pending') return;
  const [ahead] = await deps.db
    .select({ value: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, ticket.companyId),
        eq(tickets.queueId, ticket.queueId),
        eq(tickets.status, 'pending'),
        isNull(tickets.userId),
        lte(tickets.createdAt, ticket.createdAt),
      ),
    );
  await say(deps, ticket, botTexts.queuePosition(Math.max(1, ahead?.value ?? 0)));
}
