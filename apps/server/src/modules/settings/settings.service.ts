import {
  events,
  PLATFORM_COMPANY_ID,
  platformSettingKeys,
  type Setting,
  type SettingKey,
  secretSettingKeys,
  settingDefinitions,
  settingKeys,
} from '@balcao/shared';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { targetCompanyId } from '../../platform/permissions.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { readCompanySettings, readSetting, writeSetting } from './settings.queries.js';

/** Which keys a company's own screens show: platform keys belong to company 1, secrets to nobody. */
const visibleKeys = (companyId: number) =>
  settingKeys.filter(
    (key) =>
      !secretSettingKeys.includes(key) &&
      (companyId === PLATFORM_COMPANY_ID || !platformSettingKeys.includes(key)),
  );

export async function listVisibleSettings(db: Db, companyId: number): Promise<Setting[]> {
  const settings = await readCompanySettings(db, companyId);
  return visibleKeys(companyId).map((key) => ({ key, value: settings[key] }));
}

export const listSettings = (ctx: Ctx, companyId = ctx.companyId) =>
  listVisibleSettings(ctx.db, targetCompanyId(ctx.actor, companyId));

export async function showSetting(ctx: Ctx, key: SettingKey): Promise<Setting> {
  if (!visibleKeys(ctx.companyId).includes(key)) throw new AppError('ERR_NO_SETTING_FOUND');
  return { key, value: await readSetting(ctx.db, ctx.companyId, key) };
}

export async function updateSetting(ctx: Ctx, key: SettingKey, value: string): Promise<Setting> {
  const isPlatformKey = platformSettingKeys.includes(key);
  if (isPlatformKey && !ctx.actor.super) throw new AppError('ERR_NO_PERMISSION');
  const parsed = settingDefinitions[key].schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', `Invalid value for ${key}`, { value: 'invalidValue' });
  // Requiring two-step verification of admins is turned on by an admin who has it: otherwise the very
  // next call would send them to enrol, in the middle of the settings page.
  if (key === 'requireAdminTwoFactor' && parsed.data === 'enabled' && !ctx.actor.twoFactorEnabled)
    throw new AppError('ERR_2FA_NOT_ENABLED', 'Turn on two-step verification on your own account first');

  const companyId = isPlatformKey ? PLATFORM_COMPANY_ID : ctx.companyId;
  await ctx.db.transaction(async (tx) => {
    const before = await readSetting(tx, companyId, key);
    await writeSetting(tx, companyId, key, parsed.data);
    const changes = changedFields({ [key]: before }, { [key]: parsed.data });
    if (Object.keys(changes).length)
      await recordAudit(tx, ctx, {
        companyId,
        action: 'setting.update',
        entityType: 'setting',
        entityId: key,
        changes,
      });
  });
  ctx.actors.forgetSettings(companyId);
  const shown = secretSettingKeys.includes(key) ? '' : parsed.data;
  ctx.realtime.toCompany(companyId, events.settings(companyId), {
    action: 'update',
    setting: { key, value: shown },
  });
  return { key, value: shown };
}
