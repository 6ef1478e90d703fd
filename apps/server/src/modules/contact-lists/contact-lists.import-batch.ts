import { type ContactListRowError, contactEmail } from '@balcao/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactListItems } from '../../db/schema/index.js';
import { normaliseSheetNumber } from '../contacts/contacts.numbers.js';
import type { ListSheetRow } from './contact-lists.sheet.js';

/** The spec's bounds for an item's name (001 §5). */
const NAME_MIN = 2;
const NAME_MAX = 50;

interface Item {
  name: string;
  number: string;
  email: string;
}

export interface ListBatchReport {
  created: number;
  updated: number;
  errors: ContactListRowError[];
}

/** One row alone: the item it makes, or why it makes none. */
function checkRow(row: ListSheetRow, seen: Set<string>): Item | ContactListRowError['reason'] {
  const name = row.name.trim();
  if (name.length < NAME_MIN) return 'nameTooShort';
  if (name.length > NAME_MAX) return 'nameTooLong';
  const number = normaliseSheetNumber(row.number);
  if (!number) return 'invalidPhone';
  const email = contactEmail.safeParse(row.email);
  if (!email.success) return 'invalidEmail';
  if (seen.has(number)) return 'duplicateInSheet';
  seen.add(number);
  return { name, number, email: email.data };
}

/**
 * Stores one batch of rows in one statement: new numbers become items, a number the list already has
 * takes the row's name and e-mail (decisions.md). Bad rows are reported, never sinking the others.
 * `seen` holds the import's numbers across batches: the first row with a number wins.
 */
export async function importListBatch(
  db: Db,
  target: { companyId: number; contactListId: number },
  rows: ListSheetRow[],
  seen: Set<string>,
): Promise<ListBatchReport> {
  const report: ListBatchReport = { created: 0, updated: 0, errors: [] };
  const items: Item[] = [];
  for (const row of rows) {
    const checked = checkRow(row, seen);
    if (typeof checked === 'string')
      report.errors.push({
        row: row.row,
        name: row.name,
        number: row.number,
        email: row.email,
        reason: checked,
      });
    else items.push(checked);
  }
  if (items.length === 0) return report;
  const stored = await db
    .insert(contactListItems)
    .values(items.map((item) => ({ ...target, ...item })))
    .onConflictDoUpdate({
      target: [contactListItems.contactListId, contactListItems.number],
      set: { name: sql`excluded.name`, email: sql`excluded.email`, updatedAt: sql`now()` },
      // A list is one company's: a conflict is always on the caller's own item.
      setWhere: sql`${contactListItems.companyId} = ${target.companyId}`,
    })
    // xmax is 0 on a row this statement inserted, set on one it updated.
    .returning({ inserted: sql<boolean>`xmax = 0` });
  report.created = stored.filter((row) => row.inserted).length;
  report.updated = stored.length - report.created;
  return report;
}
