import argon2 from 'argon2';

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// Verifying against a fixed hash when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy-password-for-unknown-users');
    await argon2.verify(await decoyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
