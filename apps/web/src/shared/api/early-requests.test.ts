import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startEarlyRequests } from './early-requests';
import { request } from './http';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let answered = 0;

beforeEach(() => {
  localStorage.setItem('token', 'the-token');
  answered = 0;
  fetchMock = vi.fn<typeof fetch>(async (input) => json({ url: String(input), answer: ++answered }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const urls = () => fetchMock.mock.calls.map(([input]) => String(input));

describe('the first screen’s calls, started by the entry', () => {
  test("the inbox's list, its counts and the session leave before the app renders, and the screen's own calls take their answers", async () => {
    startEarlyRequests('/tickets', 'the-token');
    expect(urls()).toEqual(['/auth/me', '/tickets?status=open&pageNumber=1', '/tickets/counts']);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe('Bearer the-token');

    const list = await request('/tickets', {
      query: { status: 'open', searchParam: undefined, pageNumber: 1 },
    });

    expect(list).toEqual({ url: '/tickets?status=open&pageNumber=1', answer: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test('an answer serves one call: the next asks the server again', async () => {
    startEarlyRequests('/contacts', 'the-token');
    await request('/contacts', { query: { pageNumber: 1 } });

    const again = await request('/contacts', { query: { pageNumber: 1 } });

    expect(again).toEqual({ url: '/contacts?pageNumber=1', answer: 3 });
  });

  test('a call with other parameters, another method or another token does not take the early answer', async () => {
    startEarlyRequests('/tickets/0a1b', 'the-token');
    fetchMock.mockClear();

    await request('/tickets', { query: { status: 'pending', pageNumber: 1 } });
    await request('/tickets/counts', { method: 'POST' });
    localStorage.setItem('token', 'a-refreshed-token');
    await request('/tickets', { query: { status: 'open', pageNumber: 1 } });

    expect(urls()).toEqual([
      '/tickets?status=pending&pageNumber=1',
      '/tickets/counts',
      '/tickets?status=open&pageNumber=1',
    ]);
  });

  test('an answer left unclaimed for half a minute is stale: the screen asks afresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    startEarlyRequests('/contacts', 'the-token');
    vi.setSystemTime(Date.now() + 31_000);

    await request('/contacts', { query: { pageNumber: 1 } });

    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test('signed out, or on the sign-in pages, nothing leaves early', () => {
    startEarlyRequests('/tickets', null);
    startEarlyRequests('/login', 'the-token');
    startEarlyRequests('/signup', 'the-token');

    expect(fetchMock).not.toHaveBeenCalled();
  });
});
