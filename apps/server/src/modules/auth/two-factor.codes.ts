import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { matchTotpStep } from '../../platform/auth/totp.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { clearRateLimit, hitRateLimit } from '../../platform/rate-limit.js';
import type { UserRow } from '../users/users.queries.js';

const FAILURE_WINDOW_SECONDS = 15 * 60;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 8 characters (about 40 bits each), shown as xxxx-xxxx; typed with or without the dash. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(8)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
    return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
  });
  return { codes, hashes: codes.map((code) => sha256(code.replace('-', ''))) };
}

/**
 * Spends a code of the user's: an authenticator code for a step later than the last one accepted (so a
 * code seen over a shoulder cannot be used again), or, when allowed, an unused recovery code. Wrong
 * codes are counted per user before they are checked, as wrong passwords are per e-mail.
 */
export async function spendTwoFactorCode(
  deps: AppDeps,
  user: UserRow,
  code: string,
  options: { recovery: boolean },
): Promise<void> {
  const key = `2fa:user:${user.id}`;
  if ((await hitRateLimit(deps.db, key, FAILURE_WINDOW_SECONDS)) > deps.config.loginMaxFailures)
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  const spent = /^\d{6}$/.test(code)
    ? await spendTotp(deps, user, code)
    : options.recovery && (await spendRecoveryCode(deps, user, code));
  if (!spent) throw new AppError('ERR_INVALID_2FA_CODE');
  await clearRateLimit(deps.db, key);
}

async function spendTotp(deps: AppDeps, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = matchTotpStep(deps.secrets.open(user.totpSecret), code, deps.now());
  if (step === undefined) return false;
  // One statement, so two requests with the same code cannot both pass.
  const claimed = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      tenant(
        users,
        user.companyId,
        and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

async function spendRecoveryCode(deps: AppDeps, user: UserRow, code: string): Promise<boolean> {
  const hash = sha256(code);
  const spent = await deps.db
    .update(users)
    .set({ totpRecoveryHashes: sql`array_remove(${users.totpRecoveryHashes}, ${hash})` })
    .where(
      tenant(
        users,
        user.companyId,
        and(
          eq(users.id, user.id),
          eq(users.totpEnabled, true),
          sql`${hash} = any(${users.totpRecoveryHashes})`,
        ),
      ),
    )
    .returning({ id: users.id });
  return spent.length > 0;
}
