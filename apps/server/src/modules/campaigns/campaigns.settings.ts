import {
  type CampaignSettings,
  type CampaignVariable,
  campaignSettingDefaults,
  campaignSettingsSchema,
} from '@balcao/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { campaignSettings } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';

const settingKeys = ['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables'] as const;
const defaults: CampaignSettings = { ...campaignSettingDefaults, variables: [] };

/**
 * A company's campaign settings, the spec's default for each key never saved (or saved in a shape
 * no longer valid, e.g. by an import): what the dispatcher paces and fills variables with.
 */
async function readCampaignSettings(db: Db | Tx, companyId: number): Promise<CampaignSettings> {
  const rows = await db
    .select({ key: campaignSettings.key, value: campaignSettings.value })
    .from(campaignSettings)
    .where(tenant(campaignSettings, companyId));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(
    settingKeys.map((key) => {
      const parsed = campaignSettingsSchema.shape[key].safeParse(stored.get(key));
      return [key, parsed.success ? parsed.data : defaults[key]];
    }),
  ) as CampaignSettings;
}

/** Spec 001 §3: key/value pairs, each value JSON-encoded. */
const settingPairs = (settings: CampaignSettings) =>
  settingKeys.map((key) => ({ key, value: JSON.stringify(settings[key]) }));

/** Spec 001 §2: a variable is added only when its key is new; a repeated key keeps its first value. */
function uniqueVariables(variables: CampaignVariable[]): CampaignVariable[] {
  const seen = new Set<string>();
  return variables.filter((variable) => !seen.has(variable.key) && seen.add(variable.key));
}

export async function showCampaignSettings(ctx: Ctx) {
  return settingPairs(await readCampaignSettings(ctx.db, ctx.companyId));
}

/** Keys left out keep their value; the variables sent are the whole new table. */
export async function saveCampaignSettings(ctx: Ctx, input: Partial<CampaignSettings>) {
  const changes = { ...input, ...(input.variables ? { variables: uniqueVariables(input.variables) } : {}) };
  const rows = settingKeys.flatMap((key) =>
    changes[key] === undefined ? [] : [{ companyId: ctx.companyId, key, value: changes[key] }],
  );
  if (rows.length)
    await ctx.db
      .insert(campaignSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [campaignSettings.companyId, campaignSettings.key],
        set: { value: sql`excluded.value`, updatedAt: ctx.now() },
      });
  return showCampaignSettings(ctx);
}
