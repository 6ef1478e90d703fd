import type { TicketHolder, TicketLog } from '@balcao/shared';
import { and, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  contacts,
  contactTags,
  queues,
  ticketCycles,
  ticketLogs,
  tickets,
  userQueues,
  users,
} from '../../db/schema/index.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';
import { loadTicket } from './tickets.queries.js';
import type { BotSettings, TicketAction } from './tickets.rules.js';

type TicketLogType = TicketLog['type'];

type TicketRow = typeof tickets.$inferSelect;
interface PlannedChange {
  action: TicketAction;
  status: string;
  userId: number | null;
  queueId?: number | null;
  /** The bot's state sent beside the change, written with it. */
  bot?: BotSettings;
}

/**
 * Applies a planned change only if the ticket is still as it was read (status, holder and queue):
 * of two attendants accepting the same ticket, one updates a row and the other none. Answers
 * whether the row was updated; its cycle and log row (`actorId` made the change) follow in the same
 * transaction, so no change goes unlogged and no log names a change that lost.
 */
export async function applyTicketChange(
  tx: Tx,
  companyId: number,
  current: TicketRow,
  change: PlannedChange,
  now: Date,
  actorId: number,
): Promise<boolean> {
  const opens = change.action === 'accept' || change.action === 'reopen';
  const updated = await tx
    .update(tickets)
    .set({
      status: change.status,
      userId: change.userId,
      ...(change.queueId !== undefined ? { queueId: change.queueId } : {}),
      ...(opens ? { acceptedAt: now, unreadMessages: 0 } : {}),
      ...(change.action === 'close' || change.action === 'ignore'
        ? { closedAt: now, unreadMessages: 0 }
        : {}),
      // An ignored ticket starts the bot afresh if the contact writes again (spec 000 §4).
      ...(change.action === 'ignore' ? { amountUsedBotQueues: 0 } : {}),
      ...change.bot,
      updatedAt: now,
    })
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.id, current.id),
        eq(tickets.status, current.status),
        sql`${tickets.userId} is not distinct from ${current.userId}`,
        sql`${tickets.queueId} is not distinct from ${current.queueId}`,
      ),
    )
    .returning({ id: tickets.id });
  if (updated.length === 0) return false;
  const queueId = change.queueId !== undefined ? change.queueId : current.queueId;
  const logged = { companyId, ticketId: current.id, queueId, createdAt: now };
  await writeTicketLog(tx, { ...logged, userId: actorId, type: logTypeOf[change.action] });
  // The spec's history names both sides of a transfer to someone.
  if (change.action === 'transfer' && change.userId !== null && change.userId !== actorId)
    await writeTicketLog(tx, { ...logged, userId: change.userId, type: 'receivedTransfer' });

  const openCycle = and(
    eq(ticketCycles.companyId, companyId),
    eq(ticketCycles.ticketId, current.id),
    isNull(ticketCycles.closedAt),
  );
  if (change.action === 'accept') {
    await tx
      .update(ticketCycles)
      .set({ acceptedAt: sql`coalesce(${ticketCycles.acceptedAt}, now())`, userId: change.userId })
      .where(openCycle);
  } else if (change.action === 'close' || change.action === 'ignore') {
    // A closed cycle keeps who held it and its queue at the end: the report reads them from it.
    await tx.update(ticketCycles).set({ closedAt: now, userId: change.userId, queueId }).where(openCycle);
  } else if (change.action === 'reopen') {
    await tx.insert(ticketCycles).values({
      companyId,
      ticketId: current.id,
      connectionId: current.connectionId,
      queueId: change.queueId ?? current.queueId,
      userId: change.userId,
      queuedAt: now,
      acceptedAt: now,
    });
  }
  return true;
}

/** The bot's state a request changed, with no change of status, holder or queue. */
export async function applyBotSettings(
  db: Db | Tx,
  companyId: number,
  ticketId: number,
  bot: BotSettings,
  now: Date,
) {
  await db
    .update(tickets)
    .set({ ...bot, updatedAt: now })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
}

/** Spec 000 §3's names for what an agent did; the rest are ours (docs/decisions.md). */
const logTypeOf: Record<TicketAction, TicketLogType> = {
  accept: 'open',
  reopen: 'reopen',
  close: 'close',
  ignore: 'ignore',
  return: 'return',
  transfer: 'transfered',
};

/** One line of a ticket's history (GET /tickets-log/:id): who did what, leaving the ticket in which queue. */
async function writeTicketLog(tx: Db | Tx, row: typeof ticketLogs.$inferInsert) {
  await tx.insert(ticketLogs).values(row);
}

/** Who holds the ticket matching `where` (company-scoped), as the already-open dialog names them. */
export async function findTicketHolder(
  db: Db | Tx,
  links: MediaLinks,
  companyId: number,
  where: SQL,
): Promise<TicketHolder | undefined> {
  const ticket = await loadTicket(db, links, companyId, where);
  if (!ticket) return undefined;
  return {
    ticketId: ticket.id,
    uuid: ticket.uuid,
    userId: ticket.user?.id ?? null,
    userName: ticket.user?.name ?? null,
    queueId: ticket.queue?.id ?? null,
    queueName: ticket.queue?.name ?? null,
  };
}

/** The contact's other active ticket on the same connection. */
export const otherActiveTicket = (current: TicketRow): SQL =>
  and(
    eq(tickets.contactId, current.contactId),
    current.connectionId === null
      ? isNull(tickets.connectionId)
      : eq(tickets.connectionId, current.connectionId),
    ne(tickets.status, 'closed'),
    ne(tickets.id, current.id),
  ) as SQL;

export async function queueExists(db: Db | Tx, companyId: number, queueId: number): Promise<boolean> {
  const [queue] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return queue !== undefined;
}

/** A user of the company a ticket may be given to, and whether they serve the queue. */
export async function findTransferTarget(db: Db | Tx, companyId: number, userId: number, queueId: number) {
  const [target] = await db
    .select({ profile: users.profile, servesQueue: sql<boolean>`${userQueues.queueId} is not null` })
    .from(users)
    .leftJoin(userQueues, and(eq(userQueues.userId, users.id), eq(userQueues.queueId, queueId)))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return target;
}

export async function contactHasTag(db: Db | Tx, companyId: number, contactId: number): Promise<boolean> {
  const [tagged] = await db
    .select({ value: count() })
    .from(contactTags)
    .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
    .where(and(eq(contacts.companyId, companyId), eq(contactTags.contactId, contactId)));
  return (tagged?.value ?? 0) > 0;
}
