import { createHmac, timingSafeEqual } from 'node:crypto';

const WINDOW_SECONDS = 6 * 3600;

/**
 * Media are private to their company, yet an <img> cannot send a bearer token: answers carry
 * signed links instead. Expiry is rounded to a window so a link stays the same (and cacheable)
 * for hours.
 */
export function createMediaLinks(secret: string) {
  const signature = (key: string, exp: number) =>
    createHmac('sha256', secret).update(`${key}:${exp}`).digest('base64url');

  return {
    url(key: string | null | undefined, now = Date.now()): string | null {
      if (!key) return null;
      const exp = (Math.floor(now / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return `/media/${key}?exp=${exp}&sig=${signature(key, exp)}`;
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

/** The company that owns a media key (`company12/...`). */
export function companyOfKey(key: string): number | undefined {
  const match = /^company(\d+)\//.exec(key);
  return match ? Number(match[1]) : undefined;
}
