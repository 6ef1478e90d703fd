import { campaignSettingsSchema } from '@balcao/shared';
import type { Context, Step } from '../runner.js';
import { insertRows } from '../target.js';

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
          ctx.progress.skip('CampaignSettings', 'valueRefused');
          ctx.progress.note({ key: 'campaignSettingDefault', setting: row.key });
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
