import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/errors.js';

export async function issueRefreshToken(
  db: Db,
  owner: { userId: number; companyId: number },
  days: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    ...owner,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
  return token;
}

/**
 * Spends a refresh token and hands out its successor. A token used twice means someone else
 * holds a copy: the whole family is revoked and both holders must sign in again.
 */
export async function rotateRefreshToken(db: Db, token: string, days: number) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row || row.expiresAt < new Date()) throw new AppError('ERR_SESSION_EXPIRED');
  if (row.revokedAt) {
    await revokeFamily(db, row.familyId);
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  const [spent] = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      tenant(refreshTokens, row.companyId, eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  // Two requests racing with the same token: only one may win.
  if (!spent) throw new AppError('ERR_SESSION_EXPIRED');
  const owner = { userId: row.userId, companyId: row.companyId };
  const next = await issueRefreshToken(db, owner, days, row.familyId);
  return { owner, token: next, sessionId: row.familyId };
}

/** Ends the sign-in the token belongs to; answers whose it was (the family id is the session id). */
export async function revokeRefreshToken(db: Db, token: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .returning({
      userId: refreshTokens.userId,
      companyId: refreshTokens.companyId,
      sessionId: refreshTokens.familyId,
    });
  if (row) await revokeFamily(db, row.sessionId);
  return row;
}

/** Ends every sign-in of a user but `keepSessionId` (the one changing its own password). */
export async function revokeUserSessions(
  db: Db | Tx,
  owner: { userId: number; companyId: number },
  keepSessionId?: string,
) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.companyId, owner.companyId),
        eq(refreshTokens.userId, owner.userId),
        isNull(refreshTokens.revokedAt),
        keepSessionId === undefined ? undefined : ne(refreshTokens.familyId, keepSessionId),
      ),
    );
}

async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
