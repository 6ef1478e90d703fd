import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.js';

export interface AccessClaims {
  userId: number;
  companyId: number;
}

/** Short-lived access tokens (HS256). An expired one answers 403 so the client refreshes (spec 000 §4). */
export function createTokenSigner(secret: string, ttl: string) {
  const key = new TextEncoder().encode(secret);
  return {
    signAccess: (claims: AccessClaims) =>
      new SignJWT({ companyId: claims.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(key),

    async verifyAccess(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return { userId: Number(payload.sub), companyId: Number(payload.companyId) };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new AppError('ERR_TOKEN_EXPIRED');
        throw new AppError('ERR_SESSION_EXPIRED');
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
