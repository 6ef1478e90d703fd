import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createWhatsappConnection, forgetStoredSessions } from '../../../test/baileys-harness.js';
import { testDatabase } from '../../../test/database.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { loadConfig } from '../../config.js';
import { connectionStatusEvents, connections } from '../../db/schema/index.js';
import { createBaileysFactory, type SocketFactory } from './baileys.socket.js';

/** A local port that refuses connections: WhatsApp Web unreachable, as on this machine. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await closedPort();
const config = loadConfig({ WHATSAPP_WEB_SOCKET_URL: `ws://127.0.0.1:${port}/ws/chat` });
const made: number[] = [];
const silent = {
  level: 'silent',
  child: () => silent,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const real = createBaileysFactory({
  version: config.whatsapp.version,
  appName: config.whatsapp.deviceName,
  socketUrl: config.whatsapp.socketUrl,
  logger: silent,
});
const counting: SocketFactory = (options) => {
  made.push(Date.now());
  return real(options);
};
// Sessions other files stored would be taken over here, on real sockets: none may be left.
await forgetStoredSessions((await testDatabase()).db);
const app = await createTestApp({
  whatsappSockets: counting,
  env: { WHATSAPP_RETRY_BASE_MS: '300' },
});
afterAll(() => app.close());

test('the real Baileys socket, with WhatsApp unreachable, fails and backs off instead of reconnecting in a loop', async () => {
  const { companyId } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);

  await app.whatsapp.start({ companyId, connectionId: connection.id });
  await waitFor(
    async () => (await app.deps.db.select().from(connections).where(eq(connections.id, connection.id)))[0],
    (row) => row?.status === 'TIMEOUT',
  );
  await waitFor(
    async () => made.length,
    (count) => count >= 3,
  );
  await app.whatsapp.stop({ companyId, connectionId: connection.id }, { logout: false });

  // 300 ms then 600 ms (±20 %) between sockets, where a loop would make the next at once.
  const [first = 0, second = 0, third = 0] = made;
  expect(second - first).toBeGreaterThanOrEqual(240);
  expect(third - second).toBeGreaterThanOrEqual(480);
  const timeline = await app.deps.db
    .select()
    .from(connectionStatusEvents)
    .where(eq(connectionStatusEvents.connectionId, connection.id));
  expect(timeline.some((e) => e.status === 'TIMEOUT' && e.reason !== null)).toBe(true);
});
