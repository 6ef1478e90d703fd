import { and, type Column, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contactIdentities, messages, tickets } from '../db/schema/index.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import { contactLockOf } from './ticket-resolution.js';

/** Set-based lookups of one company's intake batch: one statement each, however many messages. */

export const storedKey = (connectionId: number, externalId: string) => `${connectionId}:${externalId}`;

/**
 * The known contacts behind the batch's identities (by identityKey), each locked (lockContact). The locks are taken
 * in contact order, so two processes locking overlapping batches wait for each other, not deadlock.
 */
export async function lockKnownContacts(
  tx: Tx,
  companyId: number,
  identities: { kind: string; value: string }[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      kind: contactIdentities.kind,
      value: contactIdentities.value,
      contactId: contactIdentities.contactId,
      locked: contactLockOf(contactIdentities.companyId, contactIdentities.contactId),
    })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.companyId, companyId),
        or(...byFirst(identities, 'kind', 'value', contactIdentities)),
      ),
    )
    .orderBy(contactIdentities.contactId);
  return new Map(rows.map((row) => [identityKey(row), row.contactId]));
}

export const identityKey = (identity: { kind: string; value: string }) =>
  `${identity.kind}:${identity.value}`;

/** Messages already stored under the given external ids of their connections, by storedKey. */
export async function storedByExternalId(
  tx: Tx,
  companyId: number,
  ids: { connectionId: number; externalId: string }[],
): Promise<Map<string, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(messages)
    .where(
      and(eq(messages.companyId, companyId), or(...byFirst(ids, 'connectionId', 'externalId', messages))),
    );
  return new Map(rows.map((row) => [storedKey(row.connectionId ?? 0, row.externalId ?? ''), row]));
}

/**
 * `first = a and second in (…)` for each first value: an index on (first, second) answers each
 * with one range scan, where a list of pairs or a joined VALUES list can lead to a full scan.
 */
function byFirst<K extends string, V extends string, T extends Record<K | V, unknown>>(
  items: T[],
  first: K,
  second: V,
  columns: Record<K | V, Column>,
): SQL[] {
  const groups = new Map<unknown, unknown[]>();
  for (const item of items) groups.set(item[first], [...(groups.get(item[first]) ?? []), item[second]]);
  return [...groups].map(
    ([value, list]) => and(eq(columns[first], value), inArray(columns[second], list)) as SQL,
  );
}

export const placeKey = (contactId: number, connectionId: number) => `${contactId}:${connectionId}`;

/** The active tickets of the given contacts on the given connections, by placeKey. */
export async function activeTicketsOf(
  tx: Tx,
  companyId: number,
  places: { contactId: number; connectionId: number }[],
) {
  if (places.length === 0) return new Map<string, typeof tickets.$inferSelect>();
  const rows = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        inArray(tickets.contactId, [...new Set(places.map((place) => place.contactId))]),
        ne(tickets.status, 'closed'),
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
