import { afterEach, describe, expect, test, vi } from 'vitest';
import { firstScreenCode, startFirstScreenCode } from './first-screen-code';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Which parts the entry starts for an address, with the page's code replaced by a stand-in. */
function started(pathname: string, signedIn: boolean): string[] {
  const parts: string[] = [];
  for (const part of Object.keys(firstScreenCode) as (keyof typeof firstScreenCode)[]) {
    vi.spyOn(firstScreenCode, part).mockImplementation(() => {
      parts.push(part);
      return Promise.reject(new Error('offline')) as never;
    });
  }
  startFirstScreenCode(pathname, signedIn);
  return parts;
}

describe("the first page's code, started by the entry", () => {
  test('a signed-in address starts its frame and, for the inbox and the contacts, its page', () => {
    expect(started('/tickets', true)).toEqual(['frame', 'tickets']);
    expect(started('/tickets/0a1b-2c3d', true)).toEqual(['frame', 'tickets']);
    expect(started('/contacts', true)).toEqual(['frame', 'contacts']);
    // `/` is the dashboard for some and the inbox for others: only the frame is sure.
    expect(started('/', true)).toEqual(['frame']);
    expect(started('/settings', true)).toEqual(['frame']);
  });

  test('without a session every signed-in address ends on the sign-in page, so that is what starts', () => {
    expect(started('/tickets', false)).toEqual(['login']);
    expect(started('/login', false)).toEqual(['login']);
    expect(started('/login', true)).toEqual(['login']);
  });

  test('the other signed-out pages and the website chat start nothing of the app', () => {
    expect(started('/signup', false)).toEqual([]);
    expect(started('/recovery-password', false)).toEqual([]);
    expect(started('/w/abc', false)).toEqual([]);
  });

  test("the router loads those pages with the entry's functions, so both take one download", async () => {
    const { preloadRoutes } = await import('./router');
    const loaded: string[] = [];
    for (const part of Object.keys(firstScreenCode) as (keyof typeof firstScreenCode)[]) {
      vi.spyOn(firstScreenCode, part).mockImplementation(() => {
        loaded.push(part);
        return new Promise(() => undefined) as never;
      });
    }
    preloadRoutes('/login');
    preloadRoutes('/tickets');
    preloadRoutes('/contacts');
    expect(loaded).toEqual(['login', 'frame', 'tickets', 'frame', 'contacts']);
  });
});
