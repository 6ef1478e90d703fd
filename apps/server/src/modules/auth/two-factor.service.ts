import { msg, type RecoveryCodes, type TwoFactorDisableBody, type TwoFactorSetup } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { newTotpSecret, otpauthUri } from '../../platform/auth/totp.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findUser, type UserRow } from '../users/users.queries.js';
import { newRecoveryCodes, spendTwoFactorCode } from './two-factor.codes.js';

const ISSUER = 'Balcão';

async function ownRow(ctx: Ctx): Promise<UserRow> {
  const row = await findUser(ctx.db, ctx.companyId, ctx.actor.userId);
  if (!row) throw new AppError('ERR_SESSION_EXPIRED');
  return row;
}

async function saveOwnRow(ctx: Ctx, fields: Partial<UserRow>) {
  await ctx.db
    .update(users)
    .set(fields)
    .where(tenant(users, ctx.companyId, eq(users.id, ctx.actor.userId)));
  ctx.actors.forget(ctx.actor.userId);
}

/** A new secret, kept sealed and not in force until a code from it confirms the app has it. */
export async function setupTwoFactor(ctx: Ctx): Promise<TwoFactorSetup> {
  const row = await ownRow(ctx);
  if (row.totpEnabled) throw new AppError('ERR_2FA_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await saveOwnRow(ctx, { totpSecret: ctx.secrets.seal(secret), totpLastStep: null });
  return { secret, uri: otpauthUri(secret, row.email, ISSUER) };
}

export async function enableTwoFactor(ctx: Ctx, code: string): Promise<RecoveryCodes> {
  const row = await ownRow(ctx);
  if (row.totpEnabled) throw new AppError('ERR_2FA_ALREADY_ENABLED');
  await spendTwoFactorCode(ctx, row, code, { recovery: false });
  const { codes, hashes } = newRecoveryCodes();
  await saveOwnRow(ctx, { totpEnabled: true, totpRecoveryHashes: hashes });
  return { recoveryCodes: codes };
}

/** Asks for the password or a current code, so an unattended signed-in browser cannot turn it off. */
export async function disableTwoFactor(ctx: Ctx, input: TwoFactorDisableBody): Promise<void> {
  const row = await ownRow(ctx);
  if (!row.totpEnabled) throw new AppError('ERR_2FA_NOT_ENABLED');
  if (input.code) await spendTwoFactorCode(ctx, row, input.code, { recovery: true });
  else if (!(await verifyPassword(row.passwordHash, input.password ?? '')))
    throw new AppError('ERR_VALIDATION', 'Wrong password', { password: msg.wrongPassword });
  await saveOwnRow(ctx, {
    totpEnabled: false,
    totpSecret: null,
    totpLastStep: null,
    totpRecoveryHashes: [],
    trustedDevicesSince: ctx.now(),
  });
}

export async function regenerateRecoveryCodes(ctx: Ctx, code: string): Promise<RecoveryCodes> {
  const row = await ownRow(ctx);
  if (!row.totpEnabled) throw new AppError('ERR_2FA_NOT_ENABLED');
  await spendTwoFactorCode(ctx, row, code, { recovery: false });
  const { codes, hashes } = newRecoveryCodes();
  await saveOwnRow(ctx, { totpRecoveryHashes: hashes });
  return { recoveryCodes: codes };
}
