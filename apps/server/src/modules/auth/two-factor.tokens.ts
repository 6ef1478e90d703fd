import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

const CHALLENGE_MS = 5 * 60_000;
export const REMEMBER_DAYS = 30;

type Owner = { userId: number; companyId: number };

/**
 * The challenge and the remembered-device token are sealed by the secret box: AES-GCM, so they cannot
 * be forged or altered, and the server keeps nothing for them. `p` keeps one from passing for the other.
 */
export function issueChallenge(deps: Pick<AppDeps, 'secrets' | 'now'>, owner: Owner): string {
  const expires = deps.now().getTime() + CHALLENGE_MS;
  return deps.secrets.seal(
    JSON.stringify({ p: 'challenge', u: owner.userId, c: owner.companyId, e: expires }),
  );
}

export function openChallenge(deps: Pick<AppDeps, 'secrets' | 'now'>, challenge: string): Owner {
  const claims = openSealed(deps, challenge, 'challenge');
  if (!claims || typeof claims.e !== 'number' || claims.e < deps.now().getTime())
    throw new AppError('ERR_SESSION_EXPIRED');
  return { userId: claims.u as number, companyId: claims.c as number };
}

export function issueDeviceToken(deps: Pick<AppDeps, 'secrets' | 'now'>, userId: number): string {
  return deps.secrets.seal(JSON.stringify({ p: 'device', u: userId, t: deps.now().getTime() }));
}

/** Whether the browser's token was given to this user, within 30 days, after the devices were last forgotten. */
export function isTrustedDevice(
  deps: Pick<AppDeps, 'secrets' | 'now'>,
  token: string | undefined,
  user: { id: number; trustedDevicesSince: Date | null },
): boolean {
  const claims = token ? openSealed(deps, token, 'device') : undefined;
  if (!claims || claims.u !== user.id || typeof claims.t !== 'number') return false;
  const now = deps.now().getTime();
  return (
    claims.t + REMEMBER_DAYS * 86_400_000 > now &&
    (!user.trustedDevicesSince || claims.t > user.trustedDevicesSince.getTime())
  );
}

function openSealed(deps: Pick<AppDeps, 'secrets'>, sealed: string, purpose: string) {
  try {
    const claims = JSON.parse(deps.secrets.open(sealed)) as Record<string, unknown>;
    return claims.p === purpose && typeof claims.u === 'number' ? claims : undefined;
  } catch {
    return undefined;
  }
}
