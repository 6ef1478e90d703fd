import argon2 from 'argon2';
import bcrypt from 'bcryptjs';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** Hashes users imported from Ticketz keep (docs/decisions.md): bcrypt, replaced at their first sign-in. */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export const isLegacyHash = (hash: string) => BCRYPT.test(hash);

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
