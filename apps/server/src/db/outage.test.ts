import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { testDatabase } from '../../test/database.js';
import { createTenant } from '../../test/fixtures.js';
import { connectPostgres, type Database } from './client.js';
import { contacts } from './schema/index.js';

const url = process.env.TEST_DATABASE_URL;

/**
 * A TCP hop between the server and PostgreSQL that can be cut, as a restart or a failover looks from the
 * server: every connection dropped at once, new ones refused until it is back.
 */
async function cuttableProxy(target: URL) {
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(address.port);
  return {
    url: proxied.toString(),
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  if (!url) return;
  await testDatabase();
  proxy = await cuttableProxy(new URL(url));
  database = await connectPostgres(proxy.url);
  app = await createTestApp({ database });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await proxy?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  name: string;
  status: number;
  error?: string;
  ms: number;
  at: number;
}

test.skipIf(!url)(
  'a client whose connection the database ends while it is lent out goes back to the pool, even when its holder never gives it back',
  async () => {
    const pool = database.pool as NonNullable<Database['pool']>;
    const lent = () => pool.totalCount - pool.idleCount;
    // The realtime relay's listener is the one client lent out for good; it connects as the app starts.
    for (let waited = 0; lent() !== 1 && waited < 5_000; waited += 50) await sleep(50);
    const before = lent();
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(lent()).toBe(before + 1);
    await (await testDatabase()).executeSql('select pg_terminate_backend($1)', [rows[0]?.pid]);
    for (let waited = 0; lent() > before && waited < 5_000; waited += 50) await sleep(50);
    expect(lent()).toBe(before);
    // The holder's own release, late, is harmless.
    expect(() => client.release()).not.toThrow();
  },
);

test.skipIf(!url)(
  'PostgreSQL restarting under load: requests fail fast with ERR_DATABASE_UNAVAILABLE, none hangs, what was answered saved is stored, and the server carries on',
  async () => {
    const tenant = await createTenant(app);
    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    const worker = async (w: number) => {
      while (running) {
        const name = `Cliente ${w}-${n++}`;
        const started = Date.now();
        const { status, body } = await call(app, 'POST', '/contacts', {
          token: tenant.admin.token,
          body: { name, number: `119${String(n).padStart(7, '0')}${w}` },
        });
        outcomes.push({ name, status, error: body?.error, ms: Date.now() - started, at: started });
        await call(app, 'GET', '/contacts?pageNumber=1', { token: tenant.admin.token });
      }
    };
    const load = Promise.all([1, 2, 3, 4, 5].map(worker));

    // The cut comes once writes are being stored.
    for (let waited = 0; !outcomes.some((o) => o.status === 201) && waited < 20_000; waited += 100)
      await sleep(100);
    const cutAt = Date.now();
    proxy.cut();
    await sleep(4_000);
    proxy.restore();
    const restoredAt = Date.now();
    // Back within the pool's connect timeout: requests succeed again.
    const back = () => outcomes.some((o) => o.status === 201 && o.at > restoredAt);
    for (let waited = 0; !back() && waited < 20_000; waited += 200) await sleep(200);
    running = false;
    await load;

    expect(outcomes.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
    const refused = outcomes.filter((o) => o.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((o) => o.error))).toEqual(new Set(['ERR_DATABASE_UNAVAILABLE']));
    // No request waits past the connect timeout (5 s) and its own time, slow as a busy machine makes it.
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(10_000);
    expect(outcomes.some((o) => o.status === 201 && o.at < cutAt)).toBe(true);
    expect(outcomes.some((o) => o.status === 201 && o.at > restoredAt)).toBe(true);

    const saved = outcomes.filter((o) => o.status === 201).map((o) => o.name);
    const stored = await (await testDatabase()).db
      .select({ name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.companyId, tenant.companyId), inArray(contacts.name, saved)));
    expect(stored.map((c) => c.name).sort()).toEqual([...saved].sort());

    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    // The pool got back every connection the cut killed: only the realtime relay's listener is out.
    const pool = database.pool as NonNullable<Database['pool']>;
    const checkedOut = () => pool.totalCount - pool.idleCount;
    for (let waited = 0; checkedOut() !== 1 && waited < 10_000; waited += 100) await sleep(100);
    expect(checkedOut()).toBe(1);
  },
  60_000,
);
