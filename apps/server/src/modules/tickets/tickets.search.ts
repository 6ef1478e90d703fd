import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { planOnce } from '../../db/prepared.js';
import { contacts, messages, tickets } from '../../db/schema/index.js';
import { searchDocument, searchQuery } from '../../db/text-search.js';

/**
 * Up to this many matching contacts, the search reads each one's tickets through the company's
 * contact index; past it, the pattern is common enough that walking recent tickets finds a page sooner.
 */
const FEW_CONTACTS = 1000;

interface SearchShape {
  /** Digits typed: the ticket with that id matches too. */
  byId: boolean;
  /** lgpdHideNumber hides numbers from the caller: a search never matches one. */
  numbersHidden: boolean;
}

const param = {
  companyId: sql.placeholder('companyId'),
  pattern: sql.placeholder('pattern'),
  typed: sql.placeholder('typed'),
  ticketId: sql.placeholder('ticketId'),
  hitLimit: sql.placeholder('hitLimit'),
  found: sql.placeholder('found'),
};

const newestFirst = sql`${tickets.updatedAt} desc, ${tickets.id} desc`;
const fewContacts = sql.raw(String(FEW_CONTACTS));

/**
 * The contact part of a search, in two branches of which exactly one runs: PostgreSQL decides
 * between them on the number of contacts actually matched (`matched`, counted once), not on its
 * estimate of a pattern's matches. That estimate comes from a sample of 100 names and numbers: a
 * pattern that happens to be in one of them is priced at 1% of the contacts, and the planner then
 * walked every ticket of the company checking each one's contact (290 ms for "4242", 15 matches).
 */
function contactBranches(where: SQL | undefined, match: SQL): SQL[] {
  const matchedCount = sql`(select count(*) from matched)`;
  const few = sql`(select hit.id from matched cross join lateral
      (select ${tickets.id} as id, ${tickets.updatedAt} as updated_at from ${tickets}
        where ${and(where, sql`${tickets.contactId} = matched.id`)} order by ${newestFirst} limit ${param.hitLimit}) hit
      where ${matchedCount} <= ${fewContacts}
      order by hit.updated_at desc, hit.id desc limit ${param.hitLimit})`;
  // OFFSET 0 keeps the contact check a per-ticket test: as a join, the planner could widen it again.
  const many = sql`(select ${tickets.id} as id from ${tickets}
      where ${and(
        where,
        sql`${matchedCount} > ${fewContacts}`,
        sql`exists (select 1 from ${contacts} where ${contacts.id} = ${tickets.contactId}
          and ${contacts.companyId} = ${param.companyId} and ${match} offset 0)`,
      )}
      order by ${newestFirst} limit ${param.hitLimit})`;
  return [few, many];
}

/**
 * The ids of the tickets matching a search: by contact name or number, by ticket id, or by the words
 * of any of their messages, each way at most a page's worth, newest first. Each way is its own branch
 * ordered and cut on its own index, so the planner walks recent tickets for a word in every message
 * and the search index for a rare one; an OR of the three would scan every ticket of the company.
 * Contacts and messages are matched by the company's id, not the ticket's, and both search indexes
 * start with the company, so a search never reads another tenant's matches. Where numbers are hidden
 * from the caller, nothing that holds one is searched — the number, a name that is the number, a
 * contact card — as finding a ticket by a number would tell whose it is. Planned on every search:
 * whether a word is rare decides the plan, which a plan kept across searches would not see.
 */
export function buildSearchHits(db: Db | Tx, shape: SearchShape, where: SQL | undefined) {
  const contactMatch = shape.numbersHidden
    ? sql`${contacts.name} ilike ${param.pattern} and ${contacts.name} is distinct from ${contacts.number}`
    : sql`(${contacts.name} ilike ${param.pattern} or ${contacts.number} ilike ${param.pattern})`;
  const cards = shape.numbersHidden
    ? sql` and ${messages.mediaType} is distinct from 'contactMessage'`
    : sql``;
  const branch = (match: SQL) =>
    sql`(select ${tickets.id} as id from ${tickets} where ${and(where, match)}
      order by ${newestFirst} limit ${param.hitLimit})`;
  const branches = [
    ...contactBranches(where, contactMatch),
    branch(sql`exists (select 1 from ${messages} where ${messages.ticketId} = ${tickets.id}
      and ${messages.companyId} = ${param.companyId}
      and ${searchDocument(messages.body)} @@ ${searchQuery(param.typed)} and not ${messages.isDeleted}${cards})`),
  ];
  if (shape.byId) branches.push(branch(eq(tickets.id, param.ticketId)));
  return db.select({ id: sql<number>`id` }).from(
    sql`(with matched as materialized (select ${contacts.id} as id from ${contacts}
      where ${contacts.companyId} = ${param.companyId} and ${contactMatch} limit ${sql.raw(String(FEW_CONTACTS + 1))})
      ${sql.join(branches, sql` union `)}) hits`,
  );
}

/** Tickets among the search's hits: the array hidden from the planner, so one plan serves every page. */
export const foundAmong = sql`${tickets.id} = any(${planOnce(sql`${param.found}::int[]`)}::int[])`;
