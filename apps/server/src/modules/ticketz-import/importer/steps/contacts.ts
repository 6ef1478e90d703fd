import { channelOf, contactNumber, iso } from '../mapping.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, byBtree, insertRows } from '../target.js';

interface ContactRow {
  id: number;
  name: string;
  number: string;
  email: string;
  isGroup: boolean;
  channel: string | null;
  disableBot: boolean | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Contacts. A number is one contact per channel here: one already stored (by an earlier run's
 * contact or one made here since) is that contact, left as it is, and so is a repeat within Ticketz.
 * Profile pictures are fetched again from the channel (Ticketz kept links that expire).
 */
export function contactsStep(ctx: Context): Step<ContactRow> {
  return {
    table: 'Contacts',
    target: 'contacts',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<ContactRow>(
        `select id, name, number, email, "isGroup", channel, "disableBot", "createdAt", "updatedAt" from "Contacts"
          where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const keyOf = (row: ContactRow) => `${channelOf(row.channel)}:${contactNumber(row.number)}`;
      const numbered = rows.filter((row) => contactNumber(row.number) !== null);
      const { rows: stored } = await byBtree(sql, () =>
        sql(
          `select id, channel || ':' || number as key from contacts
          where company_id = $1 and channel = any($2::text[]) and number = any($3::text[])`,
          [
            ctx.companyId,
            [...new Set(numbered.map((row) => channelOf(row.channel)))],
            numbered.map((row) => contactNumber(row.number)),
          ],
        ),
      );
      const known = new Map((stored as { id: number; key: string }[]).map((row) => [row.key, row.id]));
      const fresh: ContactRow[] = [];
      const repeats: ContactRow[] = [];
      for (const row of rows) {
        const number = contactNumber(row.number);
        if (number !== null && known.has(keyOf(row))) repeats.push(row);
        else {
          if (number !== null) known.set(keyOf(row), -1);
          fresh.push(row);
        }
      }
      const ids = await allocateIds(sql, 'contacts', fresh.length);
      for (const [i, row] of fresh.entries())
        if (contactNumber(row.number) !== null) known.set(keyOf(row), ids[i] as number);
      await insertRows(
        sql,
        'contacts',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['number', 'text'],
          ['email', 'text'],
          ['channel', 'text'],
          ['is_group', 'bool'],
          ['disable_bot', 'bool'],
          ['created_at', 'timestamptz'],
          ['updated_at', 'timestamptz'],
        ],
        fresh.map((row, i) => [
          ids[i],
          ctx.companyId,
          row.name || contactNumber(row.number) || '',
          contactNumber(row.number),
          row.email ?? '',
          channelOf(row.channel),
          row.isGroup,
          row.disableBot ?? false,
          iso(row.createdAt),
          iso(row.updatedAt),
        ]),
        { overriding: true },
      );
      ctx.progress.skip('Contacts', 'contactMerged', repeats.length);
      return [
        ...fresh.map((row, i): Mapped => [String(row.id), ids[i] as number]),
        ...repeats.map((row): Mapped => [String(row.id), known.get(keyOf(row)) as number, 'merged']),
      ];
    },
  };
}

interface FieldRow {
  id: number;
  name: string;
  value: string;
  contactId: number;
  createdAt: Date;
}

/** Custom fields (the spec's extraInfo) of the imported contacts. */
export function customFieldsStep(ctx: Context): Step<FieldRow> {
  return {
    table: 'ContactCustomFields',
    target: 'contact_custom_fields',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<FieldRow>(
        `select f.id, f.name, f.value, f."contactId", f."createdAt" from "ContactCustomFields" f
           join "Contacts" c on c.id = f."contactId"
          where c."companyId" = $1 and f.id > $2 order by f.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const contacts = await ctx.ids.lookup(
        sql,
        'Contacts',
        rows.map((row) => String(row.contactId)),
      );
      const kept = rows.filter((row) => contacts.has(String(row.contactId)));
      ctx.progress.skip('ContactCustomFields', 'contactMissing', rows.length - kept.length);
      const ids = await allocateIds(sql, 'contact_custom_fields', kept.length);
      await insertRows(
        sql,
        'contact_custom_fields',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['contact_id', 'int'],
          ['name', 'text'],
          ['value', 'text'],
          ['created_at', 'timestamptz'],
        ],
        kept.map((row, i) => [
          ids[i],
          ctx.companyId,
          contacts.get(String(row.contactId)),
          row.name,
          row.value,
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return kept.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
