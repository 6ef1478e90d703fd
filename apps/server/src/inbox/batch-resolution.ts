import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contactIdentities, messages, tickets } from '../db/schema/index.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import { contactLockOf } from './ticket-resolution.js';

/** Set-based lookups of one company's intake batch: one statement each, however many messages. */

export const storedKey = (connectionId: number, externalId: string) => `${connectionId}:${externalId}`;

/**
 * The known contacts behind the batch's identities, each locked (lockContact). The locks are taken
 * in contact order, so two processes locking overlapping batches wait for each other, not deadlock.
 */
export async function lockKnownContacts(
  tx: Tx,
  companyId: number,
  identities: { kind: string; value: string }[],
): Promise<Map<number, number>> {
  const wanted = sql.join(
    identities.map((identity, i) => sql`(${i}::int, ${identity.kind}::text, ${identity.value}::text)`),
    sql`, `,
  );
  const rows = await tx
    .select({
      at: sql<number>`wanted.at`.mapWith(Number),
      contactId: contactIdentities.contactId,
      locked: contactLockOf(contactIdentities.companyId, contactIdentities.contactId),
    })
    .from(contactIdentities)
    .innerJoin(
      sql`(values ${wanted}) as wanted(at, kind, value)`,
      sql`wanted.kind = ${contactIdentities.kind} and wanted.value = ${contactIdentities.value}`,
    )
    .where(eq(contactIdentities.companyId, companyId))
    .orderBy(contactIdentities.contactId);
  return new Map(rows.map((row) => [row.at, row.contactId]));
}

/** Messages already stored under the given external ids of their connections, by storedKey. */
export async function storedByExternalId(
  tx: Tx,
  companyId: number,
  ids: { connectionId: number; externalId: string }[],
): Promise<Map<string, MessageRow>> {
  if (ids.length === 0) return new Map();
  const wanted = sql.join(
    ids.map((id) => sql`(${id.connectionId}::int, ${id.externalId}::text)`),
    sql`, `,
  );
  const rows = await tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        sql`(${messages.connectionId}, ${messages.externalId}) in (values ${wanted})`,
      ),
    );
  return new Map(rows.map((row) => [storedKey(row.connectionId ?? 0, row.externalId ?? ''), row]));
}

export const placeKey = (contactId: number, connectionId: number) => `${contactId}:${connectionId}`;

/** The active tickets of the given contacts on the given connections, by placeKey. */
export async function activeTicketsOf(
  tx: Tx,
  companyId: number,
  places: { contactId: number; connectionId: number }[],
) {
  if (places.length === 0) return new Map<string, typeof tickets.$inferSelect>();
  const wanted = sql.join(
    places.map((place) => sql`(${place.contactId}::int, ${place.connectionId}::int)`),
    sql`, `,
  );
  const rows = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        ne(tickets.status, 'closed'),
        sql`(${tickets.contactId}, ${tickets.connectionId}) in (values ${wanted})`,
      ),
    );
  return new Map(rows.map((row) => [placeKey(row.contactId, row.connectionId ?? 0), row]));
}

/**
 * recordInboundOnTicket for several tickets in one statement: each ticket's list columns take its
 * message, its unread count one more. Answers the tickets as the update left them.
 */
export async function recordInboundOnTickets(
  tx: Tx,
  companyId: number,
  records: { ticketId: number; body: string; sentAt: Date }[],
) {
  if (records.length === 0) return [];
  const values = sql.join(
    records.map((r) => sql`(${r.ticketId}::int, ${r.body}::text, ${r.sentAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  return tx
    .update(tickets)
    .set({
      lastMessage: sql`inbound.body`,
      lastMessageAt: sql`inbound.at`,
      lastMessageFromMe: false,
      lastCustomerMessageAt: sql`inbound.at`,
      unreadMessages: sql`${tickets.unreadMessages} + 1`,
      waitingSince: sql`coalesce(${tickets.waitingSince}, now())`,
      updatedAt: sql`inbound.at`,
    })
    .from(sql`(values ${values}) as inbound(id, body, at)`)
    .where(and(eq(tickets.companyId, companyId), sql`${tickets.id} = inbound.id`))
    .returning(getTableColumns(tickets));
}
