import type { Ticket } from '@balcao/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { messages, ticketCycles, tickets } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { publishMessage, publishTicket } from '../tickets/tickets.events.js';
import { loadTicket } from '../tickets/tickets.queries.js';
import { toMessage } from './messages.queries.js';

export const DELIVER_JOB = 'messages.deliver';
export const FAILED_JOB = 'messages.failed';

export interface OutboundInput {
  companyId: number;
  ticket: { id: number; contactId: number; connectionId: number | null; queueId: number | null };
  body: string;
  /** 'chat' for what an agent typed; automatic messages name themselves ('greeting', 'farewell', ...). */
  kind: string;
  userId: number | null;
  isPrivate?: boolean;
}

/**
 * Nothing lost: the message is stored (ack 0) before anything is sent, and its delivery is a job
 * in the same database, retried with backoff; a crash between the two is picked up by the job.
 */
export async function storeOutbound(deps: AppDeps, input: OutboundInput) {
  const now = new Date();
  const isAgentReply = input.kind === 'chat' && !input.isPrivate;
  const row = await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(messages)
      .values({
        companyId: input.companyId,
        ticketId: input.ticket.id,
        contactId: input.ticket.contactId,
        connectionId: input.ticket.connectionId,
        queueId: input.ticket.queueId,
        userId: input.userId,
        body: input.body,
        fromMe: true,
        kind: input.kind,
        isPrivate: input.isPrivate ?? false,
      })
      .returning();
    if (!message) throw new Error('message not stored');
    if (!input.isPrivate) {
      await tx
        .update(tickets)
        .set({
          lastMessage: input.body,
          lastMessageAt: now,
          lastMessageFromMe: true,
          updatedAt: now,
          ...(isAgentReply
            ? {
                lastAgentMessageAt: now,
                waitingSince: null,
                firstReplyAt: sql`coalesce(${tickets.firstReplyAt}, now())`,
              }
            : {}),
        })
        .where(eq(tickets.id, input.ticket.id));
    }
    if (isAgentReply) {
      await tx
        .update(ticketCycles)
        .set({ firstReplyAt: now })
        .where(
          and(
            eq(ticketCycles.ticketId, input.ticket.id),
            isNull(ticketCycles.closedAt),
            isNull(ticketCycles.firstReplyAt),
          ),
        );
    }
    return message;
  });

  if (!row.isPrivate) await deps.jobs.send(DELIVER_JOB, { messageId: row.id }, deliveryRetries);
  const ticket = (await loadTicket(
    deps.db,
    deps.links,
    input.companyId,
    eq(tickets.id, input.ticket.id),
  )) as Ticket;
  const message = toMessage(row, deps.links);
  publishMessage(deps, input.companyId, 'create', message, ticket);
  publishTicket(deps, input.companyId, ticket);
  return message;
}

export const deliveryRetries = { retryLimit: 4, retryDelay: 5, retryBackoff: true, deadLetter: FAILED_JOB };
