import argon2 from 'argon2';
import bcrypt from 'bcryptjs';

/**
 * OWASP's first argon2id configuration (19 MiB, two passes, one lane). The library's default (64 MiB,
 * three passes, four lanes) costs six times the CPU and holds 64 MiB per sign-in in flight, more than
 * half the server's memory budget (docs/decisions.md).
 */
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2);

/** Hashes users imported from Ticketz keep (docs/decisions.md): bcrypt, replaced at their first sign-in. */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export const isLegacyHash = (hash: string) => BCRYPT.test(hash);

/** A hash to replace once its password is proven: bcrypt, or argon2id with other costs than ours. */
export const needsRehash = (hash: string) => isLegacyHash(hash) || argon2.needsRehash(hash, ARGON2);

// Verifying against a fixed hash when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy-password-for-unknown-users');
    await argon2.verify(await decoyHash, password);
    return false;
  }
  try {
    if (isLegacyHash(hash)) return await bcrypt.compare(password, hash);
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
