import { type CampaignSettings, campaignSettingDefaults, campaignSettingsSchema } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { campaignSettings } from '../../db/schema/index.js';

/**
 * The company's campaign settings as the dispatcher reads them: each stored key that parses, the
 * spec's defaults for the rest (a value stored by an older client that no longer parses is ignored).
 */
export async function readDispatchSettings(db: Db | Tx, companyId: number): Promise<CampaignSettings> {
  const rows = await db.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const shape = campaignSettingsSchema.shape;
  const read = <K extends keyof CampaignSettings>(key: K, fallback: CampaignSettings[K]) => {
    const parsed = shape[key].safeParse(
      typeof stored[key] === 'string' ? parseJson(stored[key]) : stored[key],
    );
    return parsed.success ? (parsed.data as CampaignSettings[K]) : fallback;
  };
  return {
    messageInterval: read('messageInterval', campaignSettingDefaults.messageInterval),
    longerIntervalAfter: read('longerIntervalAfter', campaignSettingDefaults.longerIntervalAfter),
    greaterInterval: read('greaterInterval', campaignSettingDefaults.greaterInterval),
    variables: read('variables', []),
  };
}

/** Spec 001 §3 names the values JSON-encoded: a string may hold the JSON of a number or a list. */
function parseJson(value: unknown) {
  try {
    return JSON.parse(value as string);
  } catch {
    return value;
  }
}
