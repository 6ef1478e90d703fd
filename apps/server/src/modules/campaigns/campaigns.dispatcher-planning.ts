import { type CampaignVariable, campaignConfirmationKeys, campaignMessageKeys } from '@balcao/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { campaigns } from '../../db/schema/index.js';
import { recipientPlaceholders } from './campaigns.placeholders.js';

type CampaignRow = typeof campaigns.$inferSelect;
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/**
 * Placeholders filled per recipient (docs/decisions.md, "Campaign dispatch"): the replaced product's
 * `{nome}`, `{numero}` and `{email}`, their English `{name}` and `{number}`, and each custom variable
 * of the settings as `{key}`. Anything else between braces is left as written.
 */
const builtIns: [string, SQL][] = recipientPlaceholders.map(([placeholder, field]) => [
  placeholder,
  sql.raw(`r.${field}`),
]);

function filled(text: SQL, variables: CampaignVariable[]): SQL {
  const custom = variables.map(({ key, value }): [string, SQL] => [`{${key}}`, sql`${value}::text`]);
  return [...builtIns, ...custom].reduce(
    (expression, [placeholder, value]) => sql`replace(${expression}, ${placeholder}::text, ${value})`,
    text,
  );
}

/** One of the non-empty texts at random, drawn for each row (random() is evaluated per row). */
function drawn(texts: string[]): SQL {
  if (texts.length === 0) return sql`''::text`;
  const list = sql.join(
    texts.map((text) => sql`${text}::text`),
    sql`, `,
  );
  return sql`(array[${list}])[1 + floor(random() * ${texts.length})::int]`;
}

/** The texts a campaign sends: its non-empty messages, and its confirmation requests. */
export function campaignTexts(campaign: CampaignRow) {
  const nonEmpty = (keys: readonly (keyof CampaignRow)[]) =>
    keys.map((key) => String(campaign[key] ?? '')).filter((text) => text.trim() !== '');
  return { messages: nonEmpty(campaignMessageKeys), confirmations: nonEmpty(campaignConfirmationKeys) };
}

/**
 * The campaign's recipients: the contacts carrying its tag when it names one, else its contact
 * list's items that WhatsApp did not reject (an item never checked is sent to: the Cloud API cannot
 * check a number, and a number that is not on WhatsApp fails at its send).
 */
function recipients(campaign: CampaignRow): SQL {
  if (campaign.tagListId !== null)
    return sql`select null::integer as item_id, c.id as contact_id, c.number, c.name, c.email
      from contacts c join contact_tags t on t.contact_id = c.id and t.tag_id = ${campaign.tagListId}
      where c.company_id = ${campaign.companyId} and c.number is not null and not c.is_group`;
  return sql`select i.id as item_id, null::integer as contact_id, i.number, i.name, i.email
    from contact_list_items i
    where i.company_id = ${campaign.companyId} and i.contact_list_id = ${campaign.contactListId ?? 0}
      and i.is_whatsapp_valid is not false`;
}

/**
 * One shipping row per recipient, in one statement, each with its message variant drawn and filled.
 * A recipient already planned (a restart, a second run after a crash) keeps its row and gets no other:
 * the unique keys per campaign and item or contact, with `on conflict do nothing`. Checking every row
 * against both keys cost a third of the time of 100,000 rows, so a campaign's first planning, which
 * has no rows yet, inserts them plainly (the keys still guard it). Plannings of one campaign never
 * overlap: each runs in the transaction that changed the campaign's status, whose row lock makes the
 * second wait and then find the status changed (campaigns.dispatcher-start.ts).
 */
export async function planShippings(db: Db | Tx, campaign: CampaignRow, variables: CampaignVariable[]) {
  const { messages, confirmations } = campaignTexts(campaign);
  const confirmation = campaign.confirmation ? filled(sql`d.confirmation`, variables) : sql`''`;
  const [planned] = rowsOf(
    await db.execute(sql`select 1 from campaign_shippings where campaign_id = ${campaign.id} limit 1`),
  );
  const result = await db.execute(sql`
    insert into campaign_shippings
      (company_id, campaign_id, contact_list_item_id, contact_id, number, message, confirmation_message)
    select ${campaign.companyId}, ${campaign.id}, r.item_id, r.contact_id, r.number,
      ${filled(sql`d.message`, variables)}, ${confirmation}
    from (${recipients(campaign)}) r
      cross join lateral (select ${drawn(messages)} as message, ${drawn(confirmations)} as confirmation
        where r.number is not null) d
    ${planned ? sql`on conflict do nothing` : sql``}`);
  return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}

/** How many recipients the campaign would have, before it is planned (the report of a scheduled one). */
export async function countRecipients(db: Db, campaign: CampaignRow): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from (${recipients(campaign)}) r`);
  return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
}
