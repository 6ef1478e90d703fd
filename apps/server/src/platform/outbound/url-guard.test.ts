import { afterAll, describe, expect, test } from 'vitest';
import { createFakeHttp } from '../../../test/fake-http.js';
import { exchange } from './http-exchange.js';
import { BlockedUrlError, createUrlGuard, type Lookup } from './url-guard.js';

const listener = await createFakeHttp(() => ({ body: { ok: true } }));
afterAll(listener.close);
const port = new URL(listener.url).port;

/** DNS as a rebinding attacker runs it: the first answer, then another for every later question. */
function rebinding(first: string, later: string) {
  const asked: string[] = [];
  const lookup: Lookup = async (hostname) => {
    asked.push(hostname);
    return [{ address: asked.length === 1 ? first : later, family: 4 }];
  };
  return { lookup, asked };
}

const post = { method: 'POST', headers: {}, body: '{}', timeoutMs: 5_000, maxBytes: 1024 } as const;

describe('the URL guard', () => {
  test('a name whose DNS answers include a private address is refused when saved', async () => {
    const guard = createUrlGuard({
      allowPrivate: false,
      lookup: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });

    await expect(guard.check(new URL('https://n8n.example.com/hook'))).rejects.toBeInstanceOf(
      BlockedUrlError,
    );
  });

  test('a name DNS cannot answer yet is let through when saved', async () => {
    const guard = createUrlGuard({
      allowPrivate: false,
      lookup: () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' })),
    });

    await expect(guard.check(new URL('https://n8n.example.com/hook'))).resolves.toBeUndefined();
  });

  test('a call connects to the address checked: DNS is asked once, and its later answer goes nowhere', async () => {
    const dns = rebinding('127.0.0.1', '127.0.0.9');
    const guard = createUrlGuard({ allowPrivate: true, lookup: dns.lookup });
    const before = listener.received.length;

    const answer = await exchange(`http://n8n.rebind.test:${port}/hook`, guard, post);

    expect(answer.status).toBe(200);
    expect(dns.asked).toEqual(['n8n.rebind.test']);
    expect(listener.received.slice(before).map((r) => [r.path, r.headers.host])).toEqual([
      ['/hook', `n8n.rebind.test:${port}`],
    ]);
  });

  test('a call to a name that now answers a private address is refused before connecting', async () => {
    const dns = rebinding('127.0.0.1', '127.0.0.1');
    const guard = createUrlGuard({ allowPrivate: false, lookup: dns.lookup });
    const before = listener.received.length;

    const call = exchange(`http://n8n.rebind.test:${port}/hook`, guard, post);

    await expect(call).rejects.toBeInstanceOf(BlockedUrlError);
    expect(listener.received.length).toBe(before);
  });

  test('reserved addresses stay refused where private ones are allowed', async () => {
    const guard = createUrlGuard({ allowPrivate: true });

    await expect(guard.check(new URL('http://169.254.169.254/latest/meta-data/'))).rejects.toBeInstanceOf(
      BlockedUrlError,
    );
    await expect(guard.check(new URL(`http://0.0.0.0:${port}/`))).rejects.toBeInstanceOf(BlockedUrlError);
    await expect(guard.check(new URL(`http://127.0.0.1:${port}/`))).resolves.toBeUndefined();
  });
});
