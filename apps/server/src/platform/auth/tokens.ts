import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';

export interface AccessClaims {
  userId: number;
  companyId: number;
  /** The sign-in (refresh token family) the token belongs to, so one session can be ended alone. */
  sessionId?: string;
}

/** Past this many, the tokens already checked are forgotten at once (each is a few hundred bytes). */
const MAX_VERIFIED = 10_000;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** '15m', '1h', '900s' → seconds. */
function ttlSeconds(ttl: string): number {
  const match = /^(\d+)([smhd])$/.exec(ttl);
  if (!match) throw new Error(`Invalid token lifetime: ${ttl}`);
  return Number(match[1]) * (UNITS[match[2] as string] as number);
}

/**
 * Short-lived access tokens: standard HS256 JWTs, signed and checked with node:crypto on the
 * request's own thread (a WebCrypto verify per request cost a sixth of the server's time).
 * An expired one answers 403 so the client refreshes (spec 000 §4).
 */
export function createTokenSigner(secret: string, ttl: string) {
  const lifetime = ttlSeconds(ttl);
  const sign = (input: string) => createHmac('sha256', secret).update(input).digest();
  // A token's signature and claims never change, only whether it has expired: each is checked once,
  // then found here (the HMAC and the payload's parsing were a fiftieth of a ticket list's server time).
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();

  function check(token: string): { claims: AccessClaims; exp: number } {
    const [header, payload, signature] = token.split('.');
    if (!header || !payload || !signature || !isHs256(header)) throw new AppError('ERR_SESSION_EXPIRED');
    const expected = sign(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('ERR_SESSION_EXPIRED');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp !== 'number') throw new AppError('ERR_TOKEN_EXPIRED');
    const userId = Number(claims.sub);
    const companyId = Number(claims.companyId);
    if (!Number.isInteger(userId) || !Number.isInteger(companyId)) throw new AppError('ERR_SESSION_EXPIRED');
    const sessionId = typeof claims.sid === 'string' ? claims.sid : undefined;
    return { claims: { userId, companyId, sessionId }, exp: claims.exp };
  }

  return {
    async signAccess(claims: AccessClaims): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        sub: String(claims.userId),
        companyId: claims.companyId,
        sid: claims.sessionId,
        iat: now,
        exp: now + lifetime,
      };
      const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${body}.${sign(body).toString('base64url')}`;
    },

    async verifyAccess(token: string): Promise<AccessClaims> {
      let known = verified.get(token);
      if (!known) {
        known = check(token);
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, known);
      }
      if (known.exp <= Date.now() / 1000) throw new AppError('ERR_TOKEN_EXPIRED');
      return known.claims;
    },
  };
}

/** Only HS256 is accepted: a token naming another algorithm (or "none") is refused outright. */
function isHs256(header: string): boolean {
  if (header === HEADER) return true;
  try {
    return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg === 'HS256';
  } catch {
    return false;
  }
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
