import { randomUUID } from 'node:crypto';
import {
  events,
  isWithinWindow,
  type LoginBody,
  type SessionResponse,
  type TwoFactorVerifyBody,
  zonedParts,
} from '@balcao/shared';
import { and, eq, sql } from 'drizzle-orm';
import { companies, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/auth/passwords.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { clearRateLimit, hitRateLimit, releaseRateLimit } from '../../platform/rate-limit.js';
import { markOffline } from '../users/users.presence.js';
import { findUser, findUserByEmail, type UserRow } from '../users/users.queries.js';
import {
  issueRefreshToken,
  revokeRefreshToken,
  revokeUserSessions,
  rotateRefreshToken,
} from './refresh-tokens.js';
import { loadSessionUser } from './session.js';
import { spendTwoFactorCode } from './two-factor.codes.js';
import { issueChallenge, issueDeviceToken, isTrustedDevice, openChallenge } from './two-factor.tokens.js';

const FAILURE_WINDOW_SECONDS = 15 * 60;
/** One address may serve a whole office, so it gets more room than one e-mail. */
const ADDRESS_FACTOR = 5;

export interface IssuedSession extends SessionResponse {
  refreshToken: string;
}

async function openSession(
  deps: AppDeps,
  owner: { userId: number; companyId: number },
  refreshToken: string,
  sessionId: string,
) {
  const token = await deps.tokens.signAccess({ ...owner, sessionId });
  return { token, refreshToken, user: await loadSessionUser(deps, owner) };
}

/**
 * Each attempt is counted before its password is checked, in one statement answering the new count,
 * so attempts sent all at once cannot all be checked before the first failure is recorded.
 */
export async function login(
  deps: AppDeps,
  input: LoginBody,
  address: string,
  deviceToken: string | undefined,
): Promise<IssuedSession | { twoFactorChallenge: string }> {
  const emailKey = `login:email:${input.email}`;
  const addressKey = `login:address:${address}`;
  const max = deps.config.loginMaxFailures;
  const emailAttempts = await hitRateLimit(deps.db, emailKey, FAILURE_WINDOW_SECONDS);
  const addressAttempts = await hitRateLimit(deps.db, addressKey, FAILURE_WINDOW_SECONDS);
  if (emailAttempts > max || addressAttempts > max * ADDRESS_FACTOR)
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');

  const user = await findUserByEmail(deps.db, input.email);
  // Verified even for an unknown e-mail (against a decoy hash), so both answers take as long.
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new AppError('ERR_INVALID_CREDENTIALS');
  // An imported bcrypt hash, or one made with other costs, is replaced by our own the first time its
  // password is proven; only the row still holding that hash is changed, so a password changed
  // meanwhile is never overwritten.
  if (needsRehash(user.passwordHash))
    await deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(
        tenant(users, user.companyId, and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash))),
      );
  await clearRateLimit(deps.db, emailKey);
  // The office's address keeps counting failures only, or a busy office would lock itself out.
  await releaseRateLimit(deps.db, addressKey);
  if (user.totpEnabled && !isTrustedDevice(deps, deviceToken, user))
    return { twoFactorChallenge: issueChallenge(deps, { userId: user.id, companyId: user.companyId }) };
  return startSession(deps, user);
}

/** The second step: the challenge of a proven password and a code of the user's. */
export async function verifySecondStep(deps: AppDeps, input: TwoFactorVerifyBody) {
  const owner = openChallenge(deps, input.challenge);
  const user = await findUser(deps.db, owner.companyId, owner.userId);
  if (!user?.totpEnabled) throw new AppError('ERR_SESSION_EXPIRED');
  await spendTwoFactorCode(deps, user, input.code, { recovery: true });
  const session = await startSession(deps, user);
  return { ...session, deviceToken: input.rememberDevice ? issueDeviceToken(deps, user.id) : undefined };
}

/** Opens the user's one sign-in, once every step of proof is done. */
async function startSession(deps: AppDeps, user: UserRow): Promise<IssuedSession> {
  deps.actors.forget(user.id);
  const actor = await deps.actors.load(user.id);
  if (!actor) throw new AppError('ERR_INVALID_CREDENTIALS');
  const now = zonedParts(new Date(), actor.company.timezone).time;
  if (!actor.super && !isWithinWindow(now, user.startWork, user.endWork))
    throw new AppError('ERR_OUT_OF_HOURS');

  const owner = { userId: user.id, companyId: user.companyId };
  const sessionId = randomUUID();
  const refreshToken = await issueRefreshToken(deps.db, owner, deps.config.refreshTokenDays, sessionId);
  await deps.db.update(companies).set({ lastLogin: sql`now()` }).where(eq(companies.id, user.companyId));
  await deps.db
    .update(users)
    .set({ online: true, lastSeenAt: sql`now()` })
    .where(tenant(users, user.companyId, eq(users.id, user.id)));
  // One sign-in per user (docs/decisions.md): the others end here, and are told so
  // (spec 000 §4: 'Sua conta foi acessada em outro computador.').
  await revokeUserSessions(deps.db, owner, sessionId);
  deps.realtime.toUser(user.id, events.auth(user.companyId), { action: 'update', user: { id: user.id } });
  return openSession(deps, owner, refreshToken, sessionId);
}

export async function refreshSession(
  deps: AppDeps,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED');
  const rotated = await rotateRefreshToken(deps.db, refreshToken, deps.config.refreshTokenDays);
  return openSession(deps, rotated.owner, rotated.token, rotated.sessionId);
}

export async function logout(deps: AppDeps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const session = await revokeRefreshToken(deps.db, refreshToken);
  if (!session) return;
  await deps.realtime.disconnectUser(session.userId, { only: session.sessionId });
  await markOffline(deps, session.companyId, session.userId);
}
