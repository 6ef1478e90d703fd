import {
  type CompanySettings,
  PLATFORM_COMPANY_ID,
  type SettingKey,
  settingDefinitions,
  settingKeys,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companySettings } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

/** A company's settings, with the default for every key it never changed. */
export async function readCompanySettings(db: Db | Tx, companyId: number): Promise<CompanySettings> {
  const rows = await db
    .select({ key: companySettings.key, value: companySettings.value })
    .from(companySettings)
    .where(tenant(companySettings, companyId));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    settingKeys.map((key) => [key, stored.get(key) ?? settingDefinitions[key].default]),
  ) as CompanySettings;
}

export async function readSetting(db: Db | Tx, companyId: number, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: companySettings.value })
    .from(companySettings)
    .where(tenant(companySettings, companyId, eq(companySettings.key, key)));
  return row?.value ?? settingDefinitions[key].default;
}

export async function writeSetting(db: Db | Tx, companyId: number, key: SettingKey, value: string) {
  await db
    .insert(companySettings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [companySettings.companyId, companySettings.key], set: { value } });
}

export const readSignupEnabled = async (db: Db) =>
  (await readSetting(db, PLATFORM_COMPANY_ID, 'userCreation')) === 'enabled';
