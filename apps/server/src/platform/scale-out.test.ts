import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import { events, WEBCHAT_NAMESPACE, type WebchatMessage, webchatEvents } from '@balcao/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createWhatsappConnection } from '../../test/baileys-harness.js';
import { testDatabase } from '../../test/database.js';
import { createTenant, createUser } from '../../test/fixtures.js';
import { request, type ServerProcess, startServerProcess } from '../../test/processes.js';
import { waitFor } from '../../test/wait.js';
import { loadAuthState } from '../channels/baileys/baileys.auth-state.js';

// Two server processes meet only in PostgreSQL (socket adapter, pg-boss, change notifications); the
// embedded database lives inside one process, so this runs in the suite's PostgreSQL pass.
const url = process.env.TEST_DATABASE_URL;
const reason = 'needs TEST_DATABASE_URL: two processes can only share PostgreSQL, never the embedded PGlite';
// Short, so a takeover fits in a test; the processes renew every third of it.
const LEASE_SECONDS = 6;

describe.skipIf(!url)(`two server processes on one PostgreSQL${url ? '' : ` (skipped: ${reason})`}`, () => {
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: Socket[] = [];
  // WhatsApp Web as the processes see it here: every connection is dropped at once, as when the
  // network is down, so a session stays in its reconnect loop (never reaching WhatsApp) and keeps its lease.
  let whatsappWeb: Server;

  beforeAll(async () => {
    await testDatabase();
    whatsappWeb = createServer((connection) => connection.destroy());
    await new Promise<void>((resolve) => whatsappWeb.listen(0, '127.0.0.1', resolve));
    const { port } = whatsappWeb.address() as { port: number };
    const env = {
      WHATSAPP_WEB_SOCKET_URL: `ws://127.0.0.1:${port}/ws/chat`,
      WHATSAPP_LEASE_SECONDS: String(LEASE_SECONDS),
      // A reconnect also renews the lease: minutes apart, only the lease tick keeps it.
      WHATSAPP_RETRY_BASE_MS: '600000',
    };
    const started = await Promise.allSettled([
      startServerProcess(url as string, { env }),
      startServerProcess(url as string, { env }),
    ]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    if (up.length < 2) {
      await Promise.all(up.map((server) => server.stop()));
      throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
    }
    [a, b] = up as [ServerProcess, ServerProcess];
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((resolve) => whatsappWeb?.close(resolve));
  });

  const connect = (base: string, auth: object, namespace = '') =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(`${base}${namespace}`, { auth, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const until = async (done: () => boolean, timeoutMs = 15_000) => {
    for (const deadline = Date.now() + timeoutMs; !done() && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 50));
  };

  test('a socket on A receives the event of a request made to B', async () => {
    const app = await createTestApp();
    const tenant = await createTenant(app);
    await app.close();
    const socket = await connect(a.base, { token: tenant.admin.token });
    const renamed: { user: { id: number; name: string } }[] = [];
    socket.on(events.user(tenant.companyId), (event) => renamed.push(event));

    const answer = await request(b.base, 'PUT', `/users/${tenant.admin.id}`, {
      token: tenant.admin.token,
      body: { name: 'Renamed on B' },
    });
    const names = () => renamed.map((event) => event.user.name);
    await until(() => names().includes('Renamed on B'));

    expect(answer.status).toBe(200);
    expect(names()).toContain('Renamed on B');
  });

  test('a permission taken away on B is refused on A, which had the user cached', async () => {
    const app = await createTestApp();
    const tenant = await createTenant(app);
    const manager = await createUser(app, tenant.companyId, { profile: 'admin' });
    await app.close();
    expect((await request(a.base, 'GET', '/users', { token: manager.token })).status).toBe(200);

    const demoted = await request(b.base, 'PUT', `/users/${manager.id}`, {
      token: tenant.admin.token,
      body: { profile: 'user' },
    });
    // B answers after its commit, and the commit notified A: A's next request already knows. A few
    // tries only absorb a scheduler that delays A's notification; the old 5 s cache failed them all.
    let status = 0;
    for (let i = 0; i < 5 && status !== 403; i++) {
      status = (await request(a.base, 'GET', '/users', { token: manager.token })).status;
      if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(demoted.status).toBe(200);
    expect(status).toBe(403);
  });

  test('messages posted to both processes reach the visitor once each, each sent once', async () => {
    const app = await createTestApp();
    const tenant = await createTenant(app);
    const token = tenant.admin.token;
    const { body: connection } = await request(a.base, 'POST', '/whatsapp', {
      token,
      body: { name: 'Site', channel: 'webchat' },
    });
    const visitor = await connect(b.base, { token: connection.token }, WEBCHAT_NAMESPACE);
    const received: WebchatMessage[] = [];
    visitor.on(webchatEvents.message, (message: WebchatMessage) => received.push(message));
    const ask = (event: string, body: unknown) =>
      new Promise((resolve) => visitor.emit(event, body, resolve));
    await ask(webchatEvents.start, { name: 'Visitante' });
    await ask(webchatEvents.send, { body: 'Oi', clientId: 'client-0001' });
    const { body: pending } = await request(a.base, 'GET', '/tickets?status=pending', { token });
    const ticketId = pending.tickets[0].id;
    await request(b.base, 'PUT', `/tickets/${ticketId}`, { token, body: { status: 'open' } });

    // Both processes run the outbox, so each reply is up for grabs by either.
    const posted: number[] = [];
    for (let i = 0; i < 20; i++) {
      const server = i % 2 === 0 ? a : b;
      const { status, body } = await request(server.base, 'POST', `/messages/${ticketId}`, {
        token,
        body: { body: `Reply ${i}` },
      });
      expect(status).toBe(201);
      posted.push(body.id);
    }
    await until(() => received.length >= posted.length);
    // Long enough for a second send of any reply (a duplicate delivery) to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sends = (await app.deps.database.executeSql(
      'select send_state, send_attempts from messages where id = any($1::bigint[])',
      [posted],
    )) as { rows: { send_state: string; send_attempts: number }[] };
    await app.close();

    expect(received.map((message) => message.id).sort()).toEqual([...posted].sort());
    expect(sends.rows).toHaveLength(posted.length);
    expect(sends.rows.every((row) => row.send_state === 'sent' && row.send_attempts === 1)).toBe(true);
  });

  // Last: it kills A.
  test('a WhatsApp session lease held by A moves to B within a bounded time when A is killed', async () => {
    const app = await createTestApp();
    const tenant = await createTenant(app);
    // A paired session the admin had stopped: no process takes it over until someone starts it.
    const connection = await createWhatsappConnection(app, tenant.companyId);
    await loadAuthState(app.deps.db, tenant.companyId, connection.id).then((auth) => auth.saveCreds());
    await app.close();
    const { executeSql } = await testDatabase();
    const lease = async () => {
      const { rows } = (await executeSql(
        `select lease_owner as owner, extract(epoch from lease_expires_at) as until,
                lease_expires_at > now() as live, status
         from connections where id = $1`,
        [connection.id],
      )) as { rows: { owner: string | null; until: string | null; live: boolean | null; status: string }[] };
      const [row] = rows;
      if (!row) throw new Error('connection gone');
      return { ...row, until: Number(row.until) };
    };
    // A process names itself host:pid:random in the leases it holds.
    const ownedBy = (server: ServerProcess, owner: string | null) => {
      const prefix = `${hostname()}:${server.pid}:`;
      return owner?.startsWith(prefix) === true;
    };
    try {
      const started = await request(a.base, 'POST', `/whatsappsession/${connection.id}`, {
        token: tenant.admin.token,
        body: {},
      });
      const first = await lease();
      // Past the end of the lease A first took (same machine, same clock): A renewed it, so B, which
      // looks for orphans all along, still left the session alone.
      await new Promise((resolve) => setTimeout(resolve, first.until * 1000 - Date.now() + 1000));
      const renewed = await lease();

      await a.stop('SIGKILL');
      const killedAt = Date.now();
      const after = await waitFor(lease, (row) => ownedBy(b, row.owner), 30_000);
      const tookMs = Date.now() - killedAt;
      // B did not only take the row: it started the session, and the timeline says it was a takeover.
      const takeovers = await waitFor(
        async () =>
          (
            (await executeSql(
              `select 1 from connection_status_events where connection_id = $1 and reason = 'takeover'`,
              [connection.id],
            )) as { rows: unknown[] }
          ).rows,
        (rows) => rows.length > 0,
        10_000,
      );

      expect(started.status).toBe(204);
      expect(ownedBy(a, first.owner)).toBe(true);
      expect(ownedBy(a, renewed.owner)).toBe(true);
      expect(renewed.live).toBe(true);
      expect(renewed.status).not.toBe('DISCONNECTED');
      expect(ownedBy(b, after.owner)).toBe(true);
      // The lease runs out at most LEASE_SECONDS after A's last renewal and B looks every third of
      // it; the slack absorbs a loaded machine.
      expect(tookMs).toBeLessThan((LEASE_SECONDS * 4_000) / 3 + 5_000);
      expect(takeovers).toHaveLength(1);
    } finally {
      // Without its stored session no later test file's app adopts this connection.
      await executeSql('delete from baileys_sessions where connection_id = $1', [connection.id]);
    }
  }, 60_000);
});
