import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Hub-Signature-256 is `sha256=<hex>` of the raw body bytes under the app secret. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length).toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
