import { campaignSettingsSchema } from '@balcao/shared';
import type { ExecuteSql } from '../../../db/client.js';
import { iso } from '../mapping.js';
import { copyMedia, mediaSourcePath } from '../media.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

const texts = [
  'message1',
  'message2',
  'message3',
  'message4',
  'message5',
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;

type CampaignRow = { [text in (typeof texts)[number]]: string | null } & {
  id: number;
  name: string;
  status: string | null;
  confirmation: boolean | null;
  contactListId: number | null;
  whatsappId: number | null;
  scheduledAt: Date | null;
  completedAt: Date | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
};

/**
 * Ticketz's status as ours. A campaign running when Ticketz stopped has no sends planned here, so it
 * comes in cancelled, to be restarted; one scheduled without a time cannot start and waits inactive.
 */
function importedStatus(status: string | null, scheduledAt: Date | null): string {
  if (status === 'EM_ANDAMENTO' || status === 'CANCELADA') return 'CANCELADA';
  if (status === 'FINALIZADA') return 'FINALIZADA';
  return status === 'PROGRAMADA' && scheduledAt ? 'PROGRAMADA' : 'INATIVA';
}

/** Ticketz's one connection becomes our list of one; a connection not imported leaves the list empty. */
async function setConnections(
  ctx: Context,
  sql: ExecuteSql,
  rows: CampaignRow[],
  ids: number[],
  connections: Map<string, number>,
) {
  const pairs = rows.flatMap((row, i) => {
    if (row.whatsappId === null) return [];
    const connection = connections.get(String(row.whatsappId));
    if (connection === undefined) ctx.progress.note(`campaign ${row.id}: its connection was not imported`);
    return connection === undefined ? [] : [[ids[i], connection]];
  });
  if (pairs.length === 0) return;
  await sql(
    `update campaigns c set connection_ids = array[v.connection_id]
       from unnest($1::int[], $2::int[]) as v(id, connection_id) where c.id = v.id`,
    [pairs.map(([id]) => id), pairs.map(([, connection]) => connection)],
  );
}

/**
 * Campaigns: the connection through the connections' id map (Ticketz has one, we keep a list), the
 * contact list through the lists' ('ContactLists'; null when that step did not run). A scheduled
 * campaign stays scheduled and runs here when due (README: stop Ticketz before).
 */
export function campaignsStep(ctx: Context): Step<CampaignRow> {
  const media = async (row: CampaignRow): Promise<{ key: string; name: string } | undefined> => {
    if (!row.mediaPath) return undefined;
    const path =
      ctx.storage && ctx.options.mediaDir
        ? mediaSourcePath(ctx.options.mediaDir, `company${ctx.sourceCompanyId}/${row.mediaPath}`)
        : undefined;
    const copied =
      path && ctx.storage && (await copyMedia(ctx.storage, ctx.companyId, `Campaigns:${row.id}`, path));
    if (copied && !('missing' in copied)) return { key: copied.key, name: row.mediaName || copied.name };
    ctx.progress.skip('Campaigns.media', copied ? copied.missing : 'files not copied (no --media)');
    return undefined;
  };

  return {
    table: 'Campaigns',
    target: 'campaigns',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<CampaignRow>(
        `select id, name, status, confirmation, "contactListId", "whatsappId", "scheduledAt", "completedAt",
                "mediaPath", "mediaName", "createdAt", ${texts.map((text) => `"${text}"`).join(', ')}
           from "Campaigns" where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const connections = await ctx.ids.all(sql, 'Whatsapps');
      const lists = await ctx.ids.all(sql, 'ContactLists');
      const ids = await allocateIds(sql, 'campaigns', rows.length);
      const files: ({ key: string; name: string } | undefined)[] = [];
      for (const row of rows) files.push(await media(row));
      await insertRows(
        sql,
        'campaigns',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['status', 'text'],
          ['confirmation', 'bool'],
          ['contact_list_id', 'int'],
          ['scheduled_at', 'timestamptz'],
          ['completed_at', 'timestamptz'],
          ['media_path', 'text'],
          ['media_name', 'text'],
          ['created_at', 'timestamptz'],
          ...texts.map((text) => [text.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), 'text'] as const),
        ],
        rows.map((row, i) => [
          ids[i],
          ctx.companyId,
          row.name,
          importedStatus(row.status, row.scheduledAt),
          row.confirmation ?? false,
          row.contactListId === null ? null : (lists.get(String(row.contactListId)) ?? null),
          iso(row.scheduledAt),
          iso(row.completedAt),
          files[i]?.key ?? null,
          files[i]?.name ?? null,
          iso(row.createdAt),
          ...texts.map((text) => row[text] ?? ''),
        ]),
        { overriding: true },
      );
      await setConnections(ctx, sql, rows, ids, connections);
      return rows.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}

interface SettingRow {
  id: number;
  key: string;
  value: string | null;
}

const settingKeys = new Set(Object.keys(campaignSettingsSchema.shape));

/** Ticketz keeps each campaign setting JSON-encoded, as we do; one we cannot read keeps our default. */
export function campaignSettingsStep(ctx: Context): Step<SettingRow> {
  return {
    table: 'CampaignSettings',
    target: 'campaign_settings',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<SettingRow>(
        `select id, key, value from "CampaignSettings" where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const accepted: [SettingRow, string][] = [];
      for (const row of rows) {
        const value = settingKeys.has(row.key) ? readSetting(row) : undefined;
        if (value === undefined) {
          ctx.progress.skip('CampaignSettings', 'value not accepted here');
          ctx.progress.note(`campaign setting "${row.key}" was left at the default`);
        } else accepted.push([row, JSON.stringify(value)]);
      }
      await insertRows(
        sql,
        'campaign_settings',
        [
          ['company_id', 'int'],
          ['key', 'text'],
          ['value', 'jsonb'],
        ],
        accepted.map(([row, value]) => [ctx.companyId, row.key, value]),
        { onConflict: 'on conflict do nothing' },
      );
      return accepted.map(([row]) => [String(row.id), 0] as const);
    },
  };
}

function readSetting(row: SettingRow): unknown {
  let value: unknown;
  try {
    value = JSON.parse(row.value ?? '');
  } catch {
    return undefined;
  }
  const schema = campaignSettingsSchema.shape[row.key as keyof typeof campaignSettingsSchema.shape];
  // Some installations saved an interval as the select's text ("20").
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) value = Number(value);
  // A variables table may repeat a key; the first is kept, as a variable is added only when new.
  const parsed = schema.safeParse(
    Array.isArray(value) ? value.filter((v, i, all) => all.findIndex((w) => w?.key === v?.key) === i) : value,
  );
  return parsed.success ? parsed.data : undefined;
}

interface ShippingRow {
  id: number;
  campaignId: number;
  contactId: number | null;
  number: string;
  message: string;
  confirmationMessage: string | null;
  confirmation: boolean | null;
  confirmationRequestedAt: Date | null;
  confirmedAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/**
 * The sends of campaigns that ran (running, cancelled or finished): the report's history, and what a
 * restarted campaign must not send again. Ticketz's contactId names a contact-list item.
 */
export function campaignShippingStep(ctx: Context): Step<ShippingRow> {
  return {
    table: 'CampaignShipping',
    target: 'campaign_shippings',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<ShippingRow>(
        `select s.id, s."campaignId", s."contactId", s.number, s.message, s."confirmationMessage", s.confirmation,
                s."confirmationRequestedAt", s."confirmedAt", s."deliveredAt", s."createdAt"
           from "CampaignShipping" s join "Campaigns" c on c.id = s."campaignId"
          where c."companyId" = $1 and c.status in ('EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA') and s.id > $2
          order by s.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const campaigns = await ctx.ids.lookup(
        sql,
        'Campaigns',
        rows.map((row) => String(row.campaignId)),
      );
      const items = await ctx.ids.lookup(
        sql,
        'ContactListItems',
        rows.flatMap((row) => (row.contactId === null ? [] : [String(row.contactId)])),
      );
      const kept = rows.filter((row) => {
        if (campaigns.has(String(row.campaignId))) return true;
        ctx.progress.skip('CampaignShipping', 'campaign not imported');
        return false;
      });
      const ids = await allocateIds(sql, 'campaign_shippings', kept.length);
      await insertRows(
        sql,
        'campaign_shippings',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['campaign_id', 'int'],
          ['contact_list_item_id', 'int'],
          ['number', 'text'],
          ['message', 'text'],
          ['confirmation_message', 'text'],
          ['confirmation', 'bool'],
          ['confirmation_requested_at', 'timestamptz'],
          ['confirmed_at', 'timestamptz'],
          ['delivered_at', 'timestamptz'],
          ['created_at', 'timestamptz'],
        ],
        kept.map((row, i) => [
          ids[i],
          ctx.companyId,
          campaigns.get(String(row.campaignId)),
          row.contactId === null ? null : (items.get(String(row.contactId)) ?? null),
          row.number,
          row.message,
          row.confirmationMessage ?? '',
          row.confirmation,
          iso(row.confirmationRequestedAt),
          iso(row.confirmedAt),
          iso(row.deliveredAt),
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return kept.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
