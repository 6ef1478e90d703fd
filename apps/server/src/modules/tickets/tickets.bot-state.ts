import type { CompanySettings, Ticket } from '@balcao/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { ServiceHoursDay } from '../../db/schema/companies.js';
import { type connections, type contacts, ticketCycles, ticketLogs, tickets } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { notifyConversationClosed } from '../../platform/ports/channel-adapter.js';
import { storeOutbound } from '../messages/messages.outbox.js';
import { publishTicket } from './tickets.events.js';
import { loadTicketById } from './tickets.queries.js';

export type TicketRow = typeof tickets.$inferSelect;
type TicketChanges = Partial<Omit<typeof tickets.$inferInsert, 'id' | 'companyId'>>;
type LogType = typeof ticketLogs.$inferInsert.type;

/** A message from the bot to the customer; an empty text sends nothing. */
export async function say(deps: AppDeps, ticket: TicketRow, body: string, kind = 'bot') {
  if (!body.trim()) return;
  await storeOutbound(deps, {
    companyId: ticket.companyId,
    ticket: {
      id: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      queueId: ticket.queueId,
    },
    body: body.trim(),
    kind,
    userId: null,
  });
}

export async function reloadTicket(deps: AppDeps, ticket: Pick<TicketRow, 'companyId' | 'id'>) {
  const [row] = await deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id)));
  return row;
}

/**
 * Changes the ticket only if it is still in the status, queue and user it was read with (an agent
 * may have accepted it meanwhile); answers the new row, or undefined when it had changed. The log
 * line, if any, is written in the same transaction. Listeners hear of the change.
 */
export async function changeTicketState(
  deps: AppDeps,
  ticket: TicketRow,
  changes: TicketChanges,
  log?: { type: LogType; userId?: number | null },
): Promise<TicketRow | undefined> {
  const now = deps.now();
  const closing = changes.status === 'closed' && ticket.status !== 'closed';
  const write = async (tx: Db | Tx) => {
    const [updated] = await tx
      .update(tickets)
      .set({ ...changes, updatedAt: now })
      .where(
        and(
          eq(tickets.companyId, ticket.companyId),
          eq(tickets.id, ticket.id),
          eq(tickets.status, ticket.status),
          sql`${tickets.userId} is not distinct from ${ticket.userId}`,
          sql`${tickets.queueId} is not distinct from ${ticket.queueId}`,
        ),
      )
      .returning();
    if (updated && log)
      await tx.insert(ticketLogs).values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        userId: log.userId ?? null,
        queueId: updated.queueId,
        type: log.type,
        createdAt: now,
      });
    if (updated?.status === 'closed' && closing)
      await tx
        .update(ticketCycles)
        .set({ closedAt: now, userId: updated.userId, queueId: updated.queueId })
        .where(
          and(
            eq(ticketCycles.companyId, ticket.companyId),
            eq(ticketCycles.ticketId, ticket.id),
            isNull(ticketCycles.closedAt),
          ),
        );
    return updated;
  };
  // A change with nothing written beside it is one statement, atomic by itself: no BEGIN and COMMIT
  // round trips (the bot's first step in every new conversation is one).
  const row = log || closing ? await deps.db.transaction(write) : await write(deps.db);
  if (row) await announce(deps, row, ticket);
  return row;
}

async function announce(deps: AppDeps, row: TicketRow, previous?: TicketRow) {
  const ticket = (await loadTicketById(deps.db, deps.links, row.companyId, row.id)) as Ticket;
  await publishTicket(deps, row.companyId, ticket, previous);
}

/** What a ticket forgets when it closes: the bot's place, its counters and any engine. */
const closedState = (now: Date): TicketChanges => ({
  status: 'closed',
  closedAt: now,
  unreadMessages: 0,
  isBot: false,
  chatbotOptionId: null,
  amountUsedBotQueues: 0,
  useIntegration: false,
  sendInactiveMessage: false,
});

/**
 * The bot or a timer closes the ticket: the closing text (if any) goes to the customer, and a website
 * visitor is told the conversation ended.
 */
export async function closeBySystem(
  deps: AppDeps,
  ticket: TicketRow,
  options: { message: string; logType: LogType },
): Promise<TicketRow | undefined> {
  const closed = await changeTicketState(deps, ticket, closedState(deps.now()), { type: options.logType });
  if (!closed) return undefined;
  await say(deps, closed, options.message, 'farewell');
  await notifyConversationClosed(deps, closed);
  return closed;
}

/** One customer message going through the automation, with what every step reads. */
export interface BotRun {
  deps: AppDeps;
  ticket: TicketRow;
  connection: typeof connections.$inferSelect;
  contact: typeof contacts.$inferSelect;
  company: { timezone: string; schedules: ServiceHoursDay[]; keepsPlantao: boolean };
  settings: CompanySettings;
  message: { id: number; body: string; mediaType: string | null; queuedFor?: number };
  /** The message opened a new ticket. */
  created: boolean;
}
