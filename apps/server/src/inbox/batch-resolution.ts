import { and, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { contactIdentities, messages, tickets } from '../db/schema/index.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import { contactLockOf } from './ticket-resolution.js';

/** Lookups of one company's intake batch: one statement each, however many messages. */

export const storedKey = (connectionId: number, externalId: string) => `${connectionId}:${externalId}`;

/**
 * The known contacts behind the batch's identities (by identityKey), each locked (lockContact). The
 * locks are taken in contact order, so two processes locking overlapping batches wait for each
 * other instead of deadlocking.
 */
export async function lockKnownContacts(
  tx: Tx,
  companyId: number,
  identities: { kind: string; value: string }[],
): Promise<Map<string, number>> {
  const [first, second, ...rest] = identities.map((identity) =>
    tx
      .select({
        kind: contactIdentities.kind,
        value: contactIdentities.value,
        contactId: contactIdentities.contactId,
      })
      .from(contactIdentities)
      .where(
        and(
          eq(contactIdentities.companyId, companyId),
          eq(contactIdentities.kind, identity.kind),
          eq(contactIdentities.value, identity.value),
        ),
      ),
  );
  if (!first) return new Map();
  const found = (second ? unionAll(first, second, ...rest) : first).as('found');
  const rows = await tx
    .select({
      kind: found.kind,
      value: found.value,
      contactId: found.contactId,
      locked: contactLockOf(companyId, found.contactId),
    })
    .from(found)
    .orderBy(found.contactId);
  return new Map(rows.map((row) => [identityKey(row), row.contactId]));
}

export const identityKey = (identity: { kind: string; value: string }) =>
  `${identity.kind}:${identity.value}`;

/**
 * Messages already stored under the given external ids of their connections, by storedKey. One
 * exact lookup per id: a list (`external_id in (…)`) lets the planner, with a new connection's
 * statistics, scan every message of the connection instead.
 */
export async function storedByExternalId(
  tx: Tx,
  companyId: number,
  ids: { connectionId: number; externalId: string }[],
): Promise<Map<string, MessageRow>> {
  const lookups = ids.map((id) =>
    tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.connectionId, id.connectionId),
          eq(messages.externalId, id.externalId),
        ),
      ),
  );
  const [first, second, ...rest] = lookups;
  const rows = !first ? [] : !second ? await first : await unionAll(first, second, ...rest);
  return new Map(rows.map((row) => [storedKey(row.connectionId ?? 0, row.externalId ?? ''), row]));
}

export const placeKey = (contactId: number, connectionId: number) => `${contactId}:${connectionId}`;

/** The active tickets of the given contacts on the given connections, by placeKey: what a message row needs. */
export async function activeTicketsOf(
  tx: Tx,
  companyId: number,
  places: { contactId: number; connectionId: number }[],
) {
  const rows = places.length
    ? await tx
        .select({
          id: tickets.id,
          contactId: tickets.contactId,
          connectionId: tickets.connectionId,
          queueId: tickets.queueId,
        })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, companyId),
            inArray(tickets.contactId, [...new Set(places.map((place) => place.contactId))]),
            ne(tickets.status, 'closed'),
          ),
        )
    : [];
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
