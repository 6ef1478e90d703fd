import { and, desc, eq, gte, isNull, lt, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { connections, ticketCycles, ticketLogs, ticketRatings, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { InboundMessage } from '../messages/messages.inbound-message.js';

/** Where a conversation happens: forwarding finds or opens tickets the same way the inbox does. */
type TicketPlace = Pick<InboundMessage, 'companyId' | 'connectionId' | 'channel'>;

/**
 * Inbound deliveries of one contact run one at a time: the check for a redelivered message and the
 * choice of ticket see what the previous delivery committed. Released with the transaction.
 */
export async function lockContact(tx: Tx, companyId: number, contactId: number) {
  await tx.execute(sql`select ${contactLockOf(companyId, contactId)}`);
}

/** The lock's expression, from values or from columns of the row that names the contact. */
export const contactLockOf = (companyId: SQLWrapper | number, contactId: SQLWrapper | number) =>
  sql`pg_advisory_xact_lock(hashtextextended('inbox:' || ${companyId} || ':' || ${contactId}, 0))`;

/**
 * The contact's active ticket on the connection, else a new one. Looked up before inserting, so
 * only a new ticket takes a number from the sequence (users read ticket numbers aloud); the partial
 * unique index still refuses a second active ticket, e.g. one an agent reopened meanwhile.
 */
export async function findOrCreateTicket(
  tx: Tx,
  input: TicketPlace,
  contactId: number,
  {
    holderId = null,
    queueId = null,
    group,
    now = new Date(),
  }: {
    /** Who holds a new ticket (a scheduled message opens it for its author); nobody leaves it waiting. */
    holderId?: number | null;
    /** The queue of a new ticket (an agent opening one picks it); none leaves it to the connection's menu. */
    queueId?: number | null;
    /**
     * The contact is a group: a new ticket is marked so, and is a group ticket unless the connection
     * takes groups as tickets. Inbound marks its own after the fact (`markNewTicket`).
     */
    group?: { asTicket: boolean };
    now?: Date;
  } = {},
) {
  const active = await findActiveTicket(tx, input, contactId);
  if (active) return { ticket: active, created: false };
  if (holderId === null) {
    const reopened = await reopenRecent(tx, input, contactId, now);
    if (reopened) return { ticket: reopened, created: false };
  }
  const acceptedAt = holderId === null ? null : now;
  const [created] = await tx
    .insert(tickets)
    .values({
      companyId: input.companyId,
      contactId,
      connectionId: input.connectionId,
      channel: input.channel,
      status: group && !group.asTicket ? 'group' : holderId === null ? 'pending' : 'open',
      isGroup: group !== undefined,
      userId: holderId,
      queueId,
      acceptedAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({
      target: [tickets.companyId, tickets.contactId, tickets.connectionId],
      where: sql`${tickets.status} <> 'closed'`,
    })
    .returning();
  if (!created) {
    const reopened = await findActiveTicket(tx, input, contactId);
    if (!reopened) throw new Error('active ticket vanished');
    return { ticket: reopened, created: false };
  }
  await tx.insert(ticketCycles).values({
    companyId: input.companyId,
    ticketId: created.id,
    connectionId: input.connectionId,
    queueId,
    userId: holderId,
    queuedAt: created.createdAt,
    acceptedAt,
  });
  await tx.insert(ticketLogs).values({
    companyId: input.companyId,
    ticketId: created.id,
    userId: holderId,
    queueId,
    type: 'create',
    createdAt: created.createdAt,
  });
  return { ticket: created, created: true };
}

/** What the inbound message says about the ticket it opened or back-filled (group, imported, offline). */
export async function markNewTicket(tx: Tx, input: InboundMessage, ticketId: number, created: boolean) {
  const marks = {
    ...(created && input.groupTicket ? { status: 'group' } : {}),
    ...(created && input.contact.isGroup ? { isGroup: true } : {}),
    ...(created && input.imported ? { imported: true } : {}),
    ...(input.arrivedOffline ? { arrivedOffline: true } : {}),
  };
  if (Object.keys(marks).length === 0) return;
  await tx
    .update(tickets)
    .set(marks)
    .where(and(eq(tickets.companyId, input.companyId), eq(tickets.id, ticketId)));
}

/**
 * History arrives newest first and long after the fact: the list shows the newest imported message,
 * and nothing counts as unread or waiting.
 */
export async function recordImportedOnTicket(
  tx: Tx,
  companyId: number,
  ticketId: number,
  message: { body: string; at: Date },
) {
  await tx
    .update(tickets)
    .set({ lastMessage: message.body, lastMessageAt: message.at })
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.id, ticketId),
        or(isNull(tickets.lastMessageAt), lt(tickets.lastMessageAt, message.at)),
      ),
    );
}

async function findActiveTicket(tx: Tx, input: TicketPlace, contactId: number) {
  const [active] = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, input.companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.connectionId, input.connectionId),
        ne(tickets.status, 'closed'),
      ),
    );
  return active;
}

/**
 * timeCreateNewTicket: a contact writing again within that many minutes of their ticket closing
 * continues it (waiting again, in its queue) instead of starting a new one. A rated or rating
 * ticket is never reopened by a message.
 */
async function reopenRecent(tx: Tx, input: TicketPlace, contactId: number, now: Date) {
  const [connection] = await tx
    .select({ minutes: connections.timeCreateNewTicket })
    .from(connections)
    .where(and(eq(connections.companyId, input.companyId), eq(connections.id, input.connectionId)));
  if (!connection || connection.minutes <= 0) return undefined;
  const since = new Date(now.getTime() - connection.minutes * 60_000);
  const [recent] = await tx
    .select({ id: tickets.id, queueId: tickets.queueId })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, input.companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.connectionId, input.connectionId),
        eq(tickets.status, 'closed'),
        gte(tickets.closedAt, since),
        sql`not exists (select 1 from ${ticketRatings} where ${ticketRatings.ticketId} = ${tickets.id})`,
      ),
    )
    .orderBy(desc(tickets.closedAt))
    .limit(1);
  if (!recent) return undefined;
  const [reopened] = await tx
    .update(tickets)
    .set({ status: 'pending', userId: null, closedAt: null, updatedAt: now })
    .where(tenant(tickets, input.companyId, eq(tickets.id, recent.id), eq(tickets.status, 'closed')))
    .returning();
  if (!reopened) return undefined;
  await tx.insert(ticketCycles).values({
    companyId: input.companyId,
    ticketId: reopened.id,
    connectionId: input.connectionId,
    queueId: reopened.queueId,
    queuedAt: now,
  });
  await tx.insert(ticketLogs).values({
    companyId: input.companyId,
    ticketId: reopened.id,
    queueId: reopened.queueId,
    type: 'reopen',
    createdAt: now,
  });
  return reopened;
}
