import { and, eq } from 'drizzle-orm';
import { queues, ticketLogs, tickets, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { AppDeps } from '../../platform/context.js';
import type { TicketRow } from './tickets.bot-state.js';
import { publishTicket } from './tickets.events.js';
import { loadTicket } from './tickets.queries.js';

export interface HandoverTarget {
  queueId: number | null;
  userId: number | null;
}

/** Ids an outside service named are used only when they are the company's own; else the ticket stays. */
async function checkedTarget(
  deps: AppDeps,
  ticket: TicketRow,
  target: HandoverTarget,
): Promise<HandoverTarget> {
  const queueId = target.queueId
    ? ((
        await deps.db
          .select({ id: queues.id })
          .from(queues)
          .where(tenant(queues, ticket.companyId, eq(queues.id, target.queueId)))
      )[0]?.id ?? ticket.queueId)
    : ticket.queueId;
  const userId = target.userId
    ? ((
        await deps.db
          .select({ id: users.id })
          .from(users)
          .where(tenant(users, ticket.companyId, eq(users.id, target.userId)))
      )[0]?.id ?? null)
    : null;
  return { queueId, userId };
}

/**
 * The integration lets go of the ticket: it waits in the named queue (for the named user, if any)
 * and people take it from there. Conditional on the integration still holding it, so a second
 * hand-over (or an agent who accepted it meanwhile) is never overwritten. Answers where it went.
 */
export async function handOver(
  deps: AppDeps,
  ticket: TicketRow,
  requested: HandoverTarget,
): Promise<HandoverTarget | undefined> {
  const target = await checkedTarget(deps, ticket, requested);
  const [moved] = await deps.db
    .update(tickets)
    .set({
      queueId: target.queueId,
      userId: target.userId,
      status: 'pending',
      useIntegration: false,
      integrationId: null,
      promptId: null,
      typebotSessionId: null,
      typebotStatus: false,
      updatedAt: new Date(),
    })
    .where(
      and(tenant(tickets, ticket.companyId, eq(tickets.id, ticket.id)), eq(tickets.useIntegration, true)),
    )
    .returning({ id: tickets.id });
  if (!moved) return undefined;
  await deps.db.insert(ticketLogs).values({
    companyId: ticket.companyId,
    ticketId: ticket.id,
    queueId: target.queueId,
    userId: target.userId,
    type: target.userId ? 'transfered' : 'queue',
  });
  const presented = await loadTicket(deps.db, deps.links, ticket.companyId, eq(tickets.id, ticket.id));
  if (presented) await publishTicket(deps, ticket.companyId, presented, ticket);
  return target;
}
