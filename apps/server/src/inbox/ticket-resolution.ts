import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { ticketCycles, ticketLogs, tickets } from '../db/schema/index.js';
import type { InboundMessage } from './receive.js';

/** Where a conversation happens: forwarding finds or opens tickets the same way the inbox does. */
type TicketPlace = Pick<InboundMessage, 'companyId' | 'connectionId' | 'channel'>;

/**
 * Inbound deliveries of one contact run one at a time: the check for a redelivered message and the
 * choice of ticket see what the previous delivery committed. Released with the transaction.
 */
export async function lockContact(tx: Tx, companyId: number, contactId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`inbox:${companyId}:${contactId}`}, 0))`,
  );
}

/**
 * The contact's active ticket on the connection, else a new one. Looked up before inserting, so
 * only a new ticket takes a number from the sequence (users read ticket numbers aloud); the partial
 * unique index still refuses a second active ticket, e.g. one an agent reopened meanwhile.
 */
export async function findOrCreateTicket(
  tx: Tx,
  input: TicketPlace,
  contactId: number,
  /** Who holds a new ticket (a scheduled message opens it for its author); nobody leaves it waiting. */
  holderId: number | null = null,
) {
  const active = await findActiveTicket(tx, input, contactId);
  if (active) return { ticket: active, created: false };
  const acceptedAt = holderId === null ? null : new Date();
  const [created] = await tx
    .insert(tickets)
    .values({
      companyId: input.companyId,
      contactId,
      connectionId: input.connectionId,
      channel: input.channel,
      status: holderId === null ? 'pending' : 'open',
      userId: holderId,
      acceptedAt,
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
    userId: holderId,
    queuedAt: created.createdAt,
    acceptedAt,
  });
  await tx.insert(ticketLogs).values({
    companyId: input.companyId,
    ticketId: created.id,
    userId: holderId,
    type: 'create',
    createdAt: created.createdAt,
  });
  return { ticket: created, created: true };
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
