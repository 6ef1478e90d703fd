import { createHmac } from 'node:crypto';

/** JSON as Meta writes it: non-ASCII characters (and slashes) escaped, so the bytes differ from a re-serialisation. */
export function metaJson(payload: unknown): string {
  return JSON.stringify(payload)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const signatureOf = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Posts a webhook delivery to `url` signed with the app secret, as Meta does; `signature` overrides it. */
export async function sendWebhook(
  url: string,
  payload: unknown,
  secret: string,
  options: { signature?: string | null } = {},
): Promise<Response> {
  const body = metaJson(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature === undefined ? signatureOf(body, secret) : options.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  return fetch(url, { method: 'POST', headers, body });
}
