import { describe, expect, test, vi } from 'vitest';
import { createTokenSigner } from './tokens.js';

const signer = createTokenSigner('a-secret-long-enough-for-the-hmac-key-1234', '15m');
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  test('carry the user and company they were signed for', async () => {
    const token = await signer.signAccess({ userId: 7, companyId: 3 });

    await expect(signer.verifyAccess(token)).resolves.toEqual({ userId: 7, companyId: 3 });
  });

  test('refuse a changed payload, another secret and the "none" algorithm', async () => {
    const [header, , signature] = (await signer.signAccess({ userId: 7, companyId: 3 })).split('.');
    const forged = `${header}.${part({ sub: '1', companyId: 1, exp: 9_999_999_999 })}.${signature}`;
    const otherSecret = await createTokenSigner('another-secret-long-enough-for-hmac-5678', '15m').signAccess(
      { userId: 7, companyId: 3 },
    );
    const unsigned = `${part({ alg: 'none' })}.${part({ sub: '1', companyId: 1, exp: 9_999_999_999 })}.`;

    for (const token of [forged, otherSecret, unsigned, 'garbage']) {
      await expect(signer.verifyAccess(token)).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED' });
    }
  });

  test('an expired token asks for a refresh', async () => {
    const expired = createTokenSigner('a-secret-long-enough-for-the-hmac-key-1234', '0s');

    const token = await expired.signAccess({ userId: 7, companyId: 3 });

    await expect(signer.verifyAccess(token)).rejects.toMatchObject({ code: 'ERR_TOKEN_EXPIRED' });
  });

  test('a token already accepted is refused once it has expired', async () => {
    const token = await signer.signAccess({ userId: 7, companyId: 3 });
    await signer.verifyAccess(token);

    vi.useFakeTimers({ now: Date.now() + 16 * 60_000 });
    try {
      await expect(signer.verifyAccess(token)).rejects.toMatchObject({ code: 'ERR_TOKEN_EXPIRED' });
    } finally {
      vi.useRealTimers();
    }
  });
});
