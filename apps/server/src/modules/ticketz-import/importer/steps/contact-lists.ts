import { normaliseSheetNumber } from '../../../contacts/contacts.numbers.js';
import { iso } from '../mapping.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

interface ListRow {
  id: number;
  name: string;
  createdAt: Date;
}

/** Campaign audiences, as they are. */
export function contactListsStep(ctx: Context): Step<ListRow> {
  return {
    table: 'ContactLists',
    target: 'contact_lists',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<ListRow>(
        `select id, name, "createdAt" from "ContactLists" where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const ids = await allocateIds(sql, 'contact_lists', rows.length);
      await insertRows(
        sql,
        'contact_lists',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['created_at', 'timestamptz'],
        ],
        rows.map((row, i) => [ids[i], ctx.companyId, row.name, iso(row.createdAt)]),
        { overriding: true },
      );
      return rows.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}

interface ItemRow {
  id: number;
  name: string;
  number: string;
  email: string | null;
  contactListId: number;
  isWhatsappValid: boolean | null;
  createdAt: Date;
}

/**
 * A list's items, their numbers as this product keeps them (one item per number and list: a repeat
 * is skipped). Ticketz's `isWhatsappValid` defaults to false before any check, so only a true is
 * kept; the rest are checked again here (decisions.md).
 */
export function contactListItemsStep(ctx: Context): Step<ItemRow> {
  return {
    table: 'ContactListItems',
    target: 'contact_list_items',
    key: (row) => String(row.id),
    // Scoped through the list: Ticketz leaves an item's own companyId empty at times.
    page: (after, limit) =>
      ctx.source.query<ItemRow>(
        `select i.id, i.name, i.number, i.email, i."contactListId", i."isWhatsappValid", i."createdAt"
           from "ContactListItems" i join "ContactLists" l on l.id = i."contactListId"
          where l."companyId" = $1 and i.id > $2 order by i.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const lists = await ctx.ids.lookup(
        sql,
        'ContactLists',
        rows.map((row) => String(row.contactListId)),
      );
      const numbered = rows.map((row) => ({
        row,
        listId: lists.get(String(row.contactListId)),
        number: normaliseSheetNumber(row.number),
      }));
      const pairs = numbered.filter(({ listId, number }) => listId !== undefined && number !== null);
      // Only this page's numbers, through the (list, number) key: a large list is not read per page.
      const { rows: stored } = await sql(
        `select contact_list_id || ':' || number as key from contact_list_items
          where (contact_list_id, number) in (select * from unnest($1::int[], $2::text[]))`,
        [pairs.map((p) => p.listId), pairs.map((p) => p.number)],
      );
      const taken = new Set((stored as { key: string }[]).map((row) => row.key));
      const kept = numbered.flatMap(({ row, listId, number }) => {
        if (listId === undefined) ctx.progress.skip('ContactListItems', 'listMissing');
        else if (number === null) ctx.progress.skip('ContactListItems', 'notPhoneNumber');
        else if (taken.has(`${listId}:${number}`)) ctx.progress.skip('ContactListItems', 'numberTwiceInList');
        else {
          taken.add(`${listId}:${number}`);
          return [{ row, listId, number }];
        }
        return [];
      });
      const ids = await allocateIds(sql, 'contact_list_items', kept.length);
      await insertRows(
        sql,
        'contact_list_items',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['contact_list_id', 'int'],
          ['name', 'text'],
          ['number', 'text'],
          ['email', 'text'],
          ['is_whatsapp_valid', 'boolean'],
          ['created_at', 'timestamptz'],
        ],
        kept.map(({ row, listId, number }, i) => [
          ids[i],
          ctx.companyId,
          listId,
          row.name,
          number,
          row.email ?? '',
          row.isWhatsappValid === true ? true : null,
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return kept.map(({ row }, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
