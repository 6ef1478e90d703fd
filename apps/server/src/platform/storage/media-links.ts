import { createHmac, timingSafeEqual } from 'node:crypto';

const WINDOW_SECONDS = 6 * 3600;

/**
 * Media are private to their company, yet an <img> cannot send a bearer token: answers carry
 * signed links instead. Expiry is rounded to a window so a link stays the same (and cacheable)
 * for hours.
 */
export function createMediaLinks(secret: string, publicUrl?: string) {
  const signature = (key: string, exp: number) =>
    createHmac('sha256', secret).update(`${key}:${exp}`).digest('base64url');
  // Absolute when the server knows its address: API clients and webhooks use links outside the app.
  const origin = publicUrl?.replace(/\/+$/, '') ?? '';

  return {
    url(key: string | null | undefined, now = Date.now()): string | null {
      if (!key) return null;
      const exp = (Math.floor(now / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return `${origin}/media/${key}?exp=${exp}&sig=${signature(key, exp)}`;
    },
    verify(key: string, exp: number, sig: string, now = Date.now()): boolean {
      if (!Number.isFinite(exp) || exp * 1000 < now) return false;
      const expected = Buffer.from(signature(key, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;

/**
 * Keys are written by the server as plain segments (`company12/users/9f2c….png`), so anything else
 * (`..`, `.`, empty segments, backslashes, NUL, leftover `%` of a double encoding) is refused
 * rather than normalised: the owner is then read from exactly the path that is opened.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_ID = 2_147_483_647;

/** The company that owns a well-formed media key, or undefined for any other path. */
export function companyOfKey(key: string): number | undefined {
  const segments = key.split('/');
  if (segments.length < 2 || !segments.every((s) => SEGMENT.test(s))) return undefined;
  const match = /^company([1-9]\d{0,9})$/.exec(segments[0] as string);
  const companyId = Number(match?.[1]);
  return match && companyId <= MAX_ID ? companyId : undefined;
}
