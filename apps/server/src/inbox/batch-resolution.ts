import { eq, sql } from 'drizzle-orm';
import { executeSqlIn, type Tx } from '../db/client.js';
import { jsonRows } from '../db/json-rows.js';
import { planOnce, statementsByShape } from '../db/prepared.js';
import { companies, contactIdentities, contacts, messages, tickets } from '../db/schema/index.js';
import { identityKey } from '../modules/contacts/contacts.identities.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import type { TicketRow } from '../modules/tickets/tickets.bot-state.js';
import { contactLockOf } from '../modules/tickets/tickets.resolution.js';
import { type Party, partyFields, partyOf } from './automation.js';

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
      kind: sql<string>`wanted.kind`,
      value: sql<string>`wanted.value`,
      locked: contactLockOf(placeholder('companyId'), sql`found.contact_id`),
      ...partyFields,
    })
    // One exact lookup per identity (LIMIT 1 keeps it one): as a join, PostgreSQL's generic plan may
    // read every identity of the company and hash them.
    .from(
      sql`unnest(${planOnce(sql`${placeholder('kinds')}::text[]`)}, ${planOnce(sql`${placeholder('values')}::text[]`)}) as wanted(kind, value)
        cross join lateral (select ${contactIdentities.contactId} from ${contactIdentities}
          where ${contactIdentities.companyId} = ${placeholder('companyId')}
            and ${contactIdentities.kind} = wanted.kind and ${contactIdentities.value} = wanted.value
          limit 1) as found`,
    )
    .innerJoin(contacts, sql`${contacts.id} = found.contact_id`)
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .orderBy(sql`found.contact_id`),
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

export const placeKey = (contactId: number, connectionId: number) => `${contactId}:${connectionId}`;

/**
 * What the batch finds already there, in one statement: messages stored under its external ids (a
 * redelivery, or a message one quotes), and its contacts' active tickets. One exact lookup per id (a
 * join on the unique key): a list (`external_id in (…)`) lets the planner, with a new connection's
 * statistics, scan every message of the connection instead. The arrays are hidden from the planner
 * (see planOnce), so it plans this once per connection.
 */
const LOOK_UP = `
select 'message' as kind, to_jsonb(m) as row
  from unnest((select $2::int[]), (select $3::text[])) as wanted(connection_id, external_id)
  join messages m on m.company_id = $1 and m.connection_id = wanted.connection_id
    and m.external_id = wanted.external_id
union all
select 'ticket', to_jsonb(t) from tickets t
  where t.company_id = $1 and t.contact_id = any((select $4::int[])::int[]) and t.status <> 'closed'`;

const messageOf = jsonRows(messages);
const ticketOf = jsonRows(tickets);

/** Stored messages by storedKey, and active tickets by placeKey: what the batch's message rows need. */
export async function lookUpBatch(
  tx: Tx,
  companyId: number,
  ids: { connectionId: number; externalId: string }[],
  contactIds: number[],
) {
  const stored = new Map<string, MessageRow>();
  const active = new Map<string, TicketRow>();
  if (ids.length === 0 && contactIds.length === 0) return { stored, active };
  const { rows } = await executeSqlIn(tx)(LOOK_UP, [
    companyId,
    ids.map((id) => id.connectionId),
    ids.map((id) => id.externalId),
    contactIds,
  ]);
  for (const { kind, row } of rows as { kind: string; row: Record<string, unknown> }[])
    if (kind === 'message') {
      const message = messageOf(row);
      stored.set(storedKey(message.connectionId ?? 0, message.externalId ?? ''), message);
    } else {
      const ticket = ticketOf(row);
      active.set(placeKey(ticket.contactId, ticket.connectionId ?? 0), ticket);
    }
  return { stored, active };
}
