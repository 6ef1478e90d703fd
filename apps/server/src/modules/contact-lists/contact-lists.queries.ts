import type { ContactList, ContactListItem } from '@balcao/shared';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contactListItems, contactLists } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

/** A claimed WhatsApp check that has not advanced for this long died with its process: see `checkingAt`. */
export const CHECK_STALE_MS = 2 * 60_000;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

type ListRow = { id: number; name: string; checkingAt: Date | null };

/**
 * The lists with their items counted: one grouped statement for the whole page, never one per list.
 * A list whose check claim went stale is shown as not checking, as the next claim will treat it.
 */
async function withCounts(
  db: Db | Tx,
  companyId: number,
  rows: ListRow[],
  now: Date,
): Promise<ContactList[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      contactListId: contactListItems.contactListId,
      contactsCount: count(),
      validCount: sql<number>`count(*) filter (where ${contactListItems.isWhatsappValid})`.mapWith(Number),
      uncheckedCount:
        sql<number>`count(*) filter (where ${contactListItems.isWhatsappValid} is null)`.mapWith(Number),
    })
    .from(contactListItems)
    .where(
      tenant(
        contactListItems,
        companyId,
        inArray(
          contactListItems.contactListId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .groupBy(contactListItems.contactListId);
  const byList = new Map(counts.map((c) => [c.contactListId, c]));
  return rows.map(({ id, name, checkingAt }) => {
    const c = byList.get(id);
    return {
      id,
      name,
      contactsCount: c?.contactsCount ?? 0,
      validCount: c?.validCount ?? 0,
      uncheckedCount: c?.uncheckedCount ?? 0,
      checking: checkingAt !== null && now.getTime() - checkingAt.getTime() < CHECK_STALE_MS,
    };
  });
}

const listColumns = { id: contactLists.id, name: contactLists.name, checkingAt: contactLists.checkingAt };

export async function searchContactLists(
  db: Db,
  companyId: number,
  options: { search?: string; limit?: number; offset?: number; now: Date },
): Promise<{ rows: ContactList[]; total: number }> {
  const where = tenant(
    contactLists,
    companyId,
    options.search ? ilike(contactLists.name, likePattern(options.search)) : undefined,
  );
  const page = db
    .select(listColumns)
    .from(contactLists)
    .where(where)
    .orderBy(asc(contactLists.name), asc(contactLists.id));
  const [rows, [totals]] = await Promise.all([
    options.limit === undefined ? page : page.limit(options.limit).offset(options.offset ?? 0),
    db.select({ total: count() }).from(contactLists).where(where),
  ]);
  return { rows: await withCounts(db, companyId, rows, options.now), total: totals?.total ?? 0 };
}

export async function findContactList(
  db: Db | Tx,
  companyId: number,
  id: number,
  now: Date,
): Promise<ContactList | undefined> {
  const rows = await db
    .select(listColumns)
    .from(contactLists)
    .where(tenant(contactLists, companyId, eq(contactLists.id, id)));
  const [list] = await withCounts(db, companyId, rows, now);
  return list;
}

const itemColumns = {
  id: contactListItems.id,
  name: contactListItems.name,
  number: contactListItems.number,
  email: contactListItems.email,
  isWhatsappValid: contactListItems.isWhatsappValid,
  contactListId: contactListItems.contactListId,
};

/** Name and e-mail as typed, the number by its digits. */
function itemSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(contactListItems.name, likePattern(search)),
    ilike(contactListItems.email, likePattern(search)),
    digits ? sql`${contactListItems.number} like ${likePattern(digits)}` : undefined,
  );
}

export async function searchContactListItems(
  db: Db,
  companyId: number,
  options: { contactListId: number; search?: string; limit: number; offset: number },
): Promise<{ rows: ContactListItem[]; total: number }> {
  const where = tenant(
    contactListItems,
    companyId,
    eq(contactListItems.contactListId, options.contactListId),
    itemSearch(options.search),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(itemColumns)
      .from(contactListItems)
      .where(where)
      .orderBy(asc(contactListItems.name), asc(contactListItems.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(contactListItems).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findContactListItem(db: Db | Tx, companyId: number, id: number) {
  const [item] = await db
    .select(itemColumns)
    .from(contactListItems)
    .where(tenant(contactListItems, companyId, eq(contactListItems.id, id)));
  return item;
}

/** The next items of a list no connection has answered for, oldest first (the partial index's order). */
export function uncheckedItems(db: Db, companyId: number, contactListId: number, limit: number) {
  return db
    .select({ id: contactListItems.id, number: contactListItems.number })
    .from(contactListItems)
    .where(
      and(
        eq(contactListItems.companyId, companyId),
        eq(contactListItems.contactListId, contactListId),
        isNull(contactListItems.isWhatsappValid),
      ),
    )
    .orderBy(asc(contactListItems.contactListId), asc(contactListItems.id))
    .limit(limit);
}
