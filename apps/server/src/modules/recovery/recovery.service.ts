import {
  RECOVERY_CODE_MINUTES,
  RECOVERY_MAX_ATTEMPTS,
  type RecoveryPasswordBody,
  type RecoveryRequestBody,
} from '@balcao/shared';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { passwordResets, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { clearRateLimit, hitRateLimit } from '../../platform/rate-limit.js';
import { revokeUserSessions } from '../auth/refresh-tokens.js';
import { RECOVERY_JOB_OPTIONS, RECOVERY_SEND_JOB, type RecoveryDelivery } from './recovery.delivery.js';

const WINDOW_SECONDS = 15 * 60;
/** Codes one number or address may be sent per window: enough for a lost message, too few to pester its owner. */
const SENDS_PER_TARGET = 3;
/** Codes one address may ask for, for any numbers: an office behind one address gets some room. */
const SENDS_PER_ADDRESS = 10;
/** Codes one address may try, across numbers: each code takes two, so guessing stays hopeless. */
const CHECKS_PER_ADDRESS = 20;

/**
 * POST /api/enviar-email. Only the limits are checked here; the job finds the owner and sends the
 * code, so the answer and its timing are the same for a number nobody has.
 */
export async function requestRecoveryCode(deps: AppDeps, input: RecoveryRequestBody, address: string) {
  const delivery: RecoveryDelivery =
    'email' in input ? { by: 'email', target: input.email } : { by: 'whatsapp', target: input.wpp };
  if (delivery.by === 'email' && !deps.config.smtp) throw new AppError('ERR_RECOVERY_EMAIL_DISABLED');
  const perTarget = await hitRateLimit(deps.db, `recovery:send:${delivery.target}`, WINDOW_SECONDS);
  const perAddress = await hitRateLimit(deps.db, `recovery:send-address:${address}`, WINDOW_SECONDS);
  if (perTarget > SENDS_PER_TARGET || perAddress > SENDS_PER_ADDRESS)
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  await deps.jobs.send(RECOVERY_SEND_JOB, delivery, RECOVERY_JOB_OPTIONS);
}

/**
 * POST /api/verificar-code/{number}: proves the latest code sent for the number and answers a one-time
 * token for the new password. The code itself is never answered. A wrong, spent, expired or never-sent
 * code gets the same refusal, after the same hash check.
 */
export async function verifyRecoveryCode(deps: AppDeps, target: string, code: string, address: string) {
  if ((await hitRateLimit(deps.db, `recovery:check-address:${address}`, WINDOW_SECONDS)) > CHECKS_PER_ADDRESS)
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  const now = deps.now();
  const [latest] = await deps.db
    .select({ id: passwordResets.id, companyId: passwordResets.companyId })
    .from(passwordResets)
    .where(eq(passwordResets.target, target))
    .orderBy(desc(passwordResets.id))
    .limit(1);
  // The try is counted before the code is checked, in one statement: tries sent at once cannot
  // all be checked before the limit is reached.
  const [counted] = latest
    ? await deps.db
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(
          and(
            eq(passwordResets.companyId, latest.companyId),
            eq(passwordResets.id, latest.id),
            lt(passwordResets.attempts, RECOVERY_MAX_ATTEMPTS),
            isNull(passwordResets.verifiedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({
          id: passwordResets.id,
          companyId: passwordResets.companyId,
          codeHash: passwordResets.codeHash,
        })
    : [];
  const valid = await verifyPassword(counted?.codeHash, code);
  if (!counted || !valid) throw new AppError('ERR_INVALID_RECOVERY_CODE');
  const token = newOpaqueToken();
  const [proven] = await deps.db
    .update(passwordResets)
    .set({ verifiedAt: now, tokenHash: sha256(token) })
    .where(
      and(
        eq(passwordResets.companyId, counted.companyId),
        eq(passwordResets.id, counted.id),
        isNull(passwordResets.verifiedAt),
      ),
    )
    .returning({ id: passwordResets.id });
  if (!proven) throw new AppError('ERR_INVALID_RECOVERY_CODE');
  return { token };
}

/**
 * PUT /api/atualizar-senha: the token of a proven code sets the password once. Every sign-in of the
 * user ends (whoever knew the old password is out) and the browsers remembered for two-factor sign-in
 * are forgotten; two-factor sign-in itself stays on.
 */
export async function resetPassword(deps: AppDeps, input: RecoveryPasswordBody) {
  const now = deps.now();
  const passwordHash = await hashPassword(input.newPassword);
  const owner = await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.verifiedAt, new Date(now.getTime() - RECOVERY_CODE_MINUTES * 60_000)),
        ),
      )
      .returning({ userId: passwordResets.userId, companyId: passwordResets.companyId });
    if (!spent) throw new AppError('ERR_INVALID_RECOVERY_TOKEN');
    // Any other code or token of the user's is spent with it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, trustedDevicesSince: now, updatedAt: now })
      .where(tenant(users, spent.companyId, eq(users.id, spent.userId)))
      .returning({ email: users.email });
    if (!user) throw new AppError('ERR_INVALID_RECOVERY_TOKEN');
    return { ...spent, email: user.email };
  });
  await revokeUserSessions(deps.db, owner);
  deps.actors.forget(owner.userId);
  await deps.realtime.disconnectUser(owner.userId);
  // Wrong passwords typed before the reset must not keep the owner of the new one out.
  await clearRateLimit(deps.db, `login:email:${owner.email}`);
}
