import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { statementsByShape } from '../db/prepared.js';
import { companies, contactIdentities, contacts, messages, tickets } from '../db/schema/index.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import { type Party, partyFields, partyOf } from './automation.js';
import { contactLockOf } from './ticket-resolution.js';

/** Lookups of one company's intake batch: one statement each, however many messages. */

export const storedKey = (connectionId: number, externalId: string) => `${connectionId}:${externalId}`;

const placeholder = sql.placeholder;

/**
 * The known contacts behind the batch's identities (by identityKey), each locked (lockContact). The
 * locks are taken in contact order, so two processes locking overlapping batches wait for each
 * other instead of deadlocking.
 */
const lockKnown = statementsByShape('inbox_lock_known', (db) =>
  db
    .select({
      kind: contactIdentities.kind,
      value: contactIdentities.value,
      locked: contactLockOf(placeholder('companyId'), contactIdentities.contactId),
      ...partyFields,
    })
    .from(
      sql`unnest(${placeholder('kinds')}::text[], ${placeholder('values')}::text[]) as wanted(kind, value)`,
    )
    .innerJoin(
      contactIdentities,
      and(
        eq(contactIdentities.companyId, placeholder('companyId')),
        sql`${contactIdentities.kind} = wanted.kind and ${contactIdentities.value} = wanted.value`,
      ),
    )
    .innerJoin(contacts, eq(contacts.id, contactIdentities.contactId))
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .orderBy(contactIdentities.contactId),
);

/**
 * Also answers each known contact's party for automation, read in the same statement: automation
 * reads it after the commit anyway, and nothing the lock serialises changes it.
 */
export async function lockKnownContacts(
  tx: Tx,
  companyId: number,
  identities: { kind: string; value: string }[],
): Promise<{ known: Map<string, number>; parties: Map<number, Party> }> {
  if (identities.length === 0) return { known: new Map(), parties: new Map() };
  const rows = await lockKnown(tx, null).execute({
    companyId,
    kinds: identities.map((identity) => identity.kind),
    values: identities.map((identity) => identity.value),
  });
  return {
    known: new Map(rows.map((row) => [identityKey(row), row.contact.id])),
    parties: new Map(rows.map((row) => [row.contact.id, partyOf(row)])),
  };
}

export const identityKey = (identity: { kind: string; value: string }) =>
  `${identity.kind}:${identity.value}`;

/**
 * Messages already stored under the given external ids of their connections. One exact lookup per
 * id (a join on the unique key): a list (`external_id in (…)`) lets the planner, with a new
 * connection's statistics, scan every message of the connection instead.
 */
const storedUnder = statementsByShape('inbox_stored_under', (db) =>
  db
    .select(getTableColumns(messages))
    .from(
      sql`unnest(${placeholder('connectionIds')}::int[], ${placeholder('externalIds')}::text[]) as wanted(connection_id, external_id)`,
    )
    .innerJoin(
      messages,
      and(
        eq(messages.companyId, placeholder('companyId')),
        sql`${messages.connectionId} = wanted.connection_id and ${messages.externalId} = wanted.external_id`,
      ),
    ),
);

/** Messages already stored under the given external ids of their connections, by storedKey. */
export async function storedByExternalId(
  tx: Tx,
  companyId: number,
  ids: { connectionId: number; externalId: string }[],
): Promise<Map<string, MessageRow>> {
  const rows = ids.length
    ? await storedUnder(tx, null).execute({
        companyId,
        connectionIds: ids.map((id) => id.connectionId),
        externalIds: ids.map((id) => id.externalId),
      })
    : [];
  return new Map(rows.map((row) => [storedKey(row.connectionId ?? 0, row.externalId ?? ''), row]));
}

export const placeKey = (contactId: number, connectionId: number) => `${contactId}:${connectionId}`;

const activeOf = statementsByShape('inbox_active_tickets', (db) =>
  db
    .select({
      id: tickets.id,
      contactId: tickets.contactId,
      connectionId: tickets.connectionId,
      queueId: tickets.queueId,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, placeholder('companyId')),
        sql`${tickets.contactId} = any(${placeholder('contactIds')}::int[])`,
        ne(tickets.status, 'closed'),
      ),
    ),
);

/** The active tickets of the given contacts on the given connections, by placeKey: what a message row needs. */
export async function activeTicketsOf(
  tx: Tx,
  companyId: number,
  places: { contactId: number; connectionId: number }[],
) {
  const rows = places.length
    ? await activeOf(tx, null).execute({
        companyId,
        contactIds: [...new Set(places.map((place) => place.contactId))],
      })
    : [];
  return new Map(rows.map((row) => [placeKey(row.contactId, row.connectionId ?? 0), row]));
}
