import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Credentials of outside services (OpenAI keys, service accounts) as stored: never in clear. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** Whether a stored value has the sealed form (whichever key sealed it), as opposed to clear text. */
  isSealed(value: string): boolean;
}

const VERSION = 'v1';

/** AES-256-GCM under a key derived from the installation's secret; each value gets its own IV. */
export function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(`${secret}:secret-box`).digest();
  return {
    seal(plain) {
      if (!plain) return '';
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    isSealed: (value) => value.startsWith(`${VERSION}.`) && value.split('.').length === 4,
    open(sealed) {
      if (!sealed) return '';
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
