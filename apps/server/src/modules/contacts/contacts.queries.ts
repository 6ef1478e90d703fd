import type { Contact } from '@balcao/shared';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { inlineLimit, statementsByShape } from '../../db/prepared.js';
import { contactCustomFields, contacts, contactTags, tags, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * A contact with its tags, extra fields and last interaction, gathered by subqueries in the same
 * statement: a page of contacts is one query, never one per contact.
 */
// Spelled out: drizzle leaves columns unqualified in a one-table select, where a subquery would read
// them as its own table's.
const outerId = sql.raw('"contacts"."id"');
const outerCompanyId = sql.raw('"contacts"."company_id"');

const withDetails = {
  ...getTableColumns(contacts),
  tags: sql<
    Contact['tags']
  >`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name}), '[]'::json) from ${contactTags} join ${tags} on ${tags.id} = ${contactTags.tagId} where ${contactTags.contactId} = ${outerId} and ${tags.companyId} = ${outerCompanyId})`,
  extraInfo: sql<
    Contact['extraInfo']
  >`(select coalesce(json_agg(json_build_object('id', ${contactCustomFields.id}, 'name', ${contactCustomFields.name}, 'value', ${contactCustomFields.value}) order by ${contactCustomFields.id}), '[]'::json) from ${contactCustomFields} where ${contactCustomFields.contactId} = ${outerId} and ${contactCustomFields.companyId} = ${outerCompanyId})`,
  lastInteractionAt: sql<
    string | null
  >`(select to_char(max(coalesce(${tickets.lastMessageAt}, ${tickets.updatedAt})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${tickets} where ${tickets.contactId} = ${outerId} and ${tickets.companyId} = ${outerCompanyId})`,
};
export type ContactRecord = ContactRow & {
  tags: Contact['tags'];
  extraInfo: Contact['extraInfo'];
  lastInteractionAt: string | null;
};

const selectContacts = (db: Db | Tx) => db.select(withDetails).from(contacts);

export interface ContactFilter {
  search?: string;
  tagIds?: number[];
  channel?: string;
  isGroup?: boolean;
  /** lgpdHideNumber hides numbers from the caller: a search never matches one (see `contactFilter`). */
  numbersHidden?: boolean;
}

/**
 * Which filters a list uses, never their values: each shape's statement is rendered once and then
 * executed with the values bound (drizzle rendering this select cost about as much Node time as the
 * rest of a search).
 */
interface FilterShape {
  search: boolean;
  /** The search has digits, so the number is searched too (unless hidden from the caller). */
  digits: boolean;
  numbersHidden: boolean;
  /** Every text searched has a trigram (three characters or more): see `searched`. */
  trigrams: boolean;
  channel: boolean;
  isGroup: boolean;
  tags: boolean;
  /** The page size, written into the statement (see `inlineLimit`). */
  limit: number;
  /** A page past the first. */
  paged: boolean;
}

const param = {
  companyId: sql.placeholder('companyId'),
  pattern: sql.placeholder('pattern'),
  digits: sql.placeholder('digits'),
  channel: sql.placeholder('channel'),
  isGroup: sql.placeholder('isGroup'),
  tagIds: sql.placeholder('tagIds'),
  offset: sql.placeholder('offset'),
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A searched text, hidden from the planner when it has trigrams: PostgreSQL then plans the search once
 * per connection (the trigram indexes, whatever the text) instead of on every call, which cost it as much
 * as running the search (0.2–0.3 ms for 'abc'). A shorter text has no trigram to look up, so the planner
 * sees it and may read the table instead of the whole index.
 */
const searched = (shape: FilterShape, value: SQLWrapper): SQLWrapper =>
  shape.trigrams ? sql`(select ${value})` : value;

/**
 * Name and e-mail as typed; the number by its digits, so '+55 (11) 9' finds '55119…'. Where numbers are
 * hidden from the caller, neither the number nor a name that is the number (a channel's stand-in) is
 * searched: finding a contact by a number would tell its number.
 */
function contactFilter(shape: FilterShape): SQL | undefined {
  const name = ilike(contacts.name, searched(shape, param.pattern));
  return and(
    eq(contacts.companyId, param.companyId),
    shape.search
      ? or(
          shape.numbersHidden ? and(name, sql`${contacts.name} is distinct from ${contacts.number}`) : name,
          ilike(contacts.email, searched(shape, param.pattern)),
          shape.digits ? sql`${contacts.number} like ${searched(shape, param.digits)}` : undefined,
        )
      : undefined,
    shape.channel ? eq(contacts.channel, param.channel) : undefined,
    shape.isGroup ? eq(contacts.isGroup, param.isGroup) : undefined,
    shape.tags
      ? sql`exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contacts.id} and ${contactTags.tagId} = any(${param.tagIds}))`
      : undefined,
  );
}

const pageStatement = statementsByShape('contacts_page', (db, shape: FilterShape) => {
  // A search orders by an expression the name index cannot give, so PostgreSQL gathers the matches
  // through the trigram indexes and sorts those few. Left to order by the index, it misjudges how many
  // rows a pattern matches and walks the whole company's names for a rare one (46 ms against 0.4 ms
  // for 'abc' at 50,000 contacts).
  // The matches are all gathered for that sort anyway: counting them in the same statement spares a
  // second pass over the trigram indexes (W3 of the bench: two statements per search became one).
  const page = shape.search
    ? db
        .select({ ...withDetails, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(contacts)
        .where(contactFilter(shape))
        .orderBy(sql`${contacts.name} || ''`, asc(contacts.id))
        .limit(inlineLimit(shape.limit))
        .$dynamic()
    : selectContacts(db)
        .where(contactFilter(shape))
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(inlineLimit(shape.limit))
        .$dynamic();
  // The first page has no OFFSET at all: PostgreSQL prices a bound one as skipping a tenth of the rows, so
  // the plan it could keep for every call looked dearer than planning each call and it never kept one.
  return shape.paged ? page.offset(param.offset) : page;
});

const totalStatement = statementsByShape('contacts_total', (db, shape: FilterShape) =>
  db.select({ total: count() }).from(contacts).where(contactFilter(shape)),
);

export async function searchContacts(
  db: Db,
  companyId: number,
  filter: ContactFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ContactRecord[]; total: number }> {
  const digits = filter.search?.replace(/\D/g, '') ?? '';
  const shape: FilterShape = {
    search: Boolean(filter.search),
    digits: digits.length > 0 && !filter.numbersHidden,
    numbersHidden: Boolean(filter.search) && filter.numbersHidden === true,
    trigrams: (filter.search?.length ?? 0) >= 3 && (digits.length === 0 || digits.length >= 3),
    channel: Boolean(filter.channel),
    isGroup: filter.isGroup !== undefined,
    tags: (filter.tagIds?.length ?? 0) > 0,
    limit: page.limit,
    paged: page.offset > 0,
  };
  const values = {
    companyId,
    pattern: filter.search && likePattern(filter.search),
    digits: likePattern(digits),
    channel: filter.channel,
    isGroup: filter.isGroup,
    tagIds: filter.tagIds ?? [],
    offset: page.offset,
  };
  const total = async () => (await totalStatement(db, shape).execute(values))[0]?.total ?? 0;
  if (!shape.search) {
    const [rows, all] = await Promise.all([pageStatement(db, shape).execute(values), total()]);
    return { rows: rows as ContactRecord[], total: all };
  }
  const found = (await pageStatement(db, shape).execute(values)) as (ContactRecord & { total: number })[];
  if (found.length === 0 && page.offset > 0) return { rows: [], total: await total() };
  return { rows: found.map(({ total: _, ...row }) => row), total: found[0]?.total ?? 0 };
}

/** The next batch after `afterId` in id order: the export walks the whole list without OFFSET. */
export function contactBatch(db: Db, companyId: number, afterId: number, limit: number) {
  return selectContacts(db)
    .where(tenant(contacts, companyId, gt(contacts.id, afterId)))
    .orderBy(asc(contacts.id))
    .limit(limit);
}

export async function findContact(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<ContactRecord | undefined> {
  const [row] = await selectContacts(db).where(tenant(contacts, companyId, eq(contacts.id, id)));
  return row;
}

/** Which of `tagIds` are the company's; anything else is refused, never linked. */
export async function companyTagIds(db: Db | Tx, companyId: number, tagIds: number[]): Promise<Set<number>> {
  if (tagIds.length === 0) return new Set();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(tenant(tags, companyId, inArray(tags.id, tagIds)));
  return new Set(rows.map((r) => r.id));
}

/** The company's tags by lower-cased name, for the names an imported sheet gives. */
export async function companyTagsByName(db: Db | Tx, companyId: number): Promise<Map<string, number>> {
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(tenant(tags, companyId));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export async function replaceContactTags(tx: Tx, contactId: number, tagIds: number[]) {
  await tx.delete(contactTags).where(eq(contactTags.contactId, contactId));
  if (tagIds.length > 0) await tx.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId })));
}

export async function replaceExtraInfo(
  tx: Tx,
  companyId: number,
  contactId: number,
  fields: { name: string; value: string }[],
) {
  await tx
    .delete(contactCustomFields)
    .where(tenant(contactCustomFields, companyId, eq(contactCustomFields.contactId, contactId)));
  if (fields.length > 0)
    await tx.insert(contactCustomFields).values(fields.map((f) => ({ companyId, contactId, ...f })));
}
