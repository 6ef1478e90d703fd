import { type ContactImportRowNote, contactEmail } from '@balcao/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contacts, contactTags } from '../../db/schema/index.js';
import { brazilianMobileTwin, normaliseSheetNumber } from './contacts.numbers.js';
import type { SheetRow } from './contacts.sheet.js';

/** One import's memory across its batches: the row that had each number first. */
export type SeenNumbers = Map<string, number>;

export interface BatchReport {
  created: number;
  updated: number;
  skippedRows: ContactImportRowNote[];
  warnings: ContactImportRowNote[];
}

interface ImportRow {
  row: SheetRow;
  number: string;
  /** As the sheet has it, cut to 50 characters; empty when it has none. */
  name: string;
  email: string;
  tagIds: number[];
}

const note = (row: SheetRow, reason: ContactImportRowNote['reason'], firstRow?: number) => ({
  row: row.row,
  number: row.number,
  reason,
  ...(firstRow === undefined ? {} : { firstRow }),
});

/**
 * The rows worth importing: a number that is one (normaliseSheetNumber) and not an earlier row's.
 * An invalid e-mail is left out with a warning; the rest of the row is kept.
 */
function checkRows(rows: SheetRow[], seen: SeenNumbers, tagIds: Map<string, number>, report: BatchReport) {
  const wanted: ImportRow[] = [];
  for (const row of rows) {
    const number = normaliseSheetNumber(row.number);
    if (!number) {
      report.skippedRows.push(note(row, 'invalidPhone'));
      continue;
    }
    const firstRow = seen.get(number);
    if (firstRow !== undefined) {
      report.skippedRows.push(note(row, 'duplicateInSheet', firstRow));
      continue;
    }
    seen.set(number, row.row);
    const email = contactEmail.safeParse(row.email);
    if (!email.success) report.warnings.push(note(row, 'invalidEmail'));
    const tags = row.tags.split(',').map((name) => tagIds.get(name.trim().toLowerCase()));
    wanted.push({
      row,
      number,
      name: row.name.slice(0, 50),
      email: email.success ? email.data : '',
      tagIds: [...new Set(tags.filter((id): id is number => id !== undefined))],
    });
  }
  return wanted;
}

/** Where each row's number is stored (in either form), in one statement for the batch. */
async function storedContacts(db: Db, companyId: number, rows: ImportRow[]) {
  const forms = rows.flatMap(({ number }) => [number, brazilianMobileTwin(number) ?? number]);
  const stored = await db
    .select({ id: contacts.id, number: contacts.number })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        eq(contacts.channel, 'whatsapp'),
        inArray(contacts.number, forms),
      ),
    );
  const byNumber = new Map(stored.map((c) => [c.number, c.id]));
  // The form the row has wins over its twin, as for a sender (findTwinContacts).
  const idOf = (number: string) =>
    byNumber.get(number) ?? byNumber.get(brazilianMobileTwin(number) ?? number);
  return rows.flatMap((row) => {
    const id = idOf(row.number);
    return id === undefined ? [] : [{ id, row }];
  });
}

/** The new numbers' contacts; one stored meanwhile (a message from it) is left alone and not answered. */
async function createContacts(tx: Tx, companyId: number, rows: ImportRow[]) {
  if (rows.length === 0) return [];
  const created = await tx
    .insert(contacts)
    .values(
      rows.map((row) => ({
        companyId,
        number: row.number,
        name: row.name || row.number,
        email: row.email,
        channel: 'whatsapp',
      })),
    )
    .onConflictDoNothing()
    .returning({ id: contacts.id, number: contacts.number });
  const ids = new Map(created.map((c) => [c.number, c.id]));
  return rows.flatMap((row) => {
    const id = ids.get(row.number);
    return id === undefined ? [] : [{ id, row }];
  });
}

/**
 * Fills in what stored contacts lack, never overwriting: an empty e-mail, a name that is empty or just
 * the number. Decided in the statement, so a contact edited meanwhile keeps its edit. Answers the ids
 * that changed.
 */
async function fillStored(tx: Tx, companyId: number, rows: { id: number; row: ImportRow }[]) {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(({ id, row }) => sql`(${id}::int, ${row.name}::text, ${row.email}::text)`),
    sql`, `,
  );
  const emptyName = sql`(${contacts.name} = '' or ${contacts.name} = ${contacts.number})`;
  const filled = await tx
    .update(contacts)
    .set({
      name: sql`case when ${emptyName} and sheet.name <> '' then sheet.name else ${contacts.name} end`,
      email: sql`case when ${contacts.email} = '' then sheet.email else ${contacts.email} end`,
      updatedAt: new Date(),
    })
    .from(sql`(values ${values}) as sheet(id, name, email)`)
    .where(
      and(
        eq(contacts.companyId, companyId),
        sql`${contacts.id} = sheet.id`,
        sql`((${emptyName} and sheet.name <> '') or (${contacts.email} = '' and sheet.email <> ''))`,
      ),
    )
    .returning({ id: contacts.id });
  return filled.map((c) => c.id);
}

/** Links the rows' tags to their contacts (keeping the ones they have); answers the contacts given one. */
async function linkTags(tx: Tx, rows: { id: number; row: ImportRow }[]) {
  const links = rows.flatMap(({ id, row }) => row.tagIds.map((tagId) => ({ contactId: id, tagId })));
  if (links.length === 0) return [];
  const linked = await tx
    .insert(contactTags)
    .values(links)
    .onConflictDoNothing()
    .returning({ contactId: contactTags.contactId });
  return linked.map((link) => link.contactId);
}

/**
 * Imports one batch of rows: new numbers are created; a stored one (in either form) is filled in where
 * it is blank and given the row's tags, or skipped as alreadyStored when the row adds nothing. A few
 * statements whatever the batch's size.
 */
export async function importBatch(
  db: Db,
  companyId: number,
  rows: SheetRow[],
  context: { seen: SeenNumbers; tagIds: Map<string, number> },
): Promise<BatchReport> {
  const report: BatchReport = { created: 0, updated: 0, skippedRows: [], warnings: [] };
  const wanted = checkRows(rows, context.seen, context.tagIds, report);
  if (wanted.length > 0) {
    const stored = await storedContacts(db, companyId, wanted);
    const fresh = wanted.filter((row) => !stored.some((s) => s.row === row));
    const { created, changed } = await db.transaction(async (tx) => {
      const made = await createContacts(tx, companyId, fresh);
      const filled = await fillStored(tx, companyId, stored);
      const tagged = await linkTags(tx, [...made, ...stored]);
      return { created: made, changed: new Set([...filled, ...tagged]) };
    });
    report.created = created.length;
    report.updated = stored.filter(({ id }) => changed.has(id)).length;
    const imported = new Set([...created, ...stored.filter(({ id }) => changed.has(id))].map((c) => c.row));
    for (const row of wanted) if (!imported.has(row)) report.skippedRows.push(note(row.row, 'alreadyStored'));
  }
  report.skippedRows.sort((a, b) => a.row - b.row);
  return report;
}
