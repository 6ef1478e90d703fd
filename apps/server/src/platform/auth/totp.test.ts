import { expect, test } from 'vitest';
import { totpCode } from './totp.js';

test('matches the RFC 6238 SHA-1 test vectors', () => {
  // The RFC's key "12345678901234567890" in base32; its 8-digit answers end in these 6 digits.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  expect(totpCode(secret, Math.floor(59 / 30))).toBe('287082');
  expect(totpCode(secret, Math.floor(1111111109 / 30))).toBe('081804');
  expect(totpCode(secret, Math.floor(20000000000 / 30))).toBe('353130');
});
