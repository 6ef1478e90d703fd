import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createWhatsappConnection, forgetStoredSessions } from '../../../test/baileys-harness.js';
import { startFakeWhatsappWeb } from '../../../test/fake-whatsapp/server.js';
import { scanWhenShown, waitForStatus } from '../../../test/fake-whatsapp/session.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connectionStatusEvents, connections } from '../../db/schema/index.js';
import { loadAuthState } from './baileys.auth-state.js';
import { createLease } from './baileys.lease.js';

const wa = await startFakeWhatsappWeb();
// Long leases: no lease tick runs by itself during a test (A's own would renew the lease the test let
// run out before B's tick could take it), each is made by the test.
const env = { WHATSAPP_LEASE_SECONDS: '300' };
const appA = await createTestApp({ whatsappSockets: wa.sockets('A'), processId: 'process-A', env });
const appB = await createTestApp({ whatsappSockets: wa.sockets('B'), processId: 'process-B', env });
afterAll(async () => {
  await forgetStoredSessions(appA.deps.db);
  await appA.close();
  await appB.close();
  await wa.close();
});

/** What a process that stopped renewing looks like once its lease ran out. */
const expireLease = (id: number) =>
  appA.deps.db
    .update(connections)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(connections.id, id));

test('two holders on one database: only one holds a lease until it expires, then the other takes it a generation later', async () => {
  const { companyId } = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, companyId);
  const target = { companyId, connectionId: connection.id };
  const a = createLease(appA.deps.db, 'holder-A', 30);
  const b = createLease(appA.deps.db, 'holder-B', 30);

  const aTakes = (await a.acquire(target)) ?? -1;
  const bRefused = await b.acquire(target);
  const aRenews = await a.renew({ ...target, generation: aTakes });
  await expireLease(connection.id);
  const bTakesOver = (await b.acquire(target)) ?? -1;
  const aLost = await a.renew({ ...target, generation: aTakes });
  const aHolds = await a.holds({ ...target, generation: aTakes });
  const bHolds = await b.holds({ ...target, generation: bTakesOver });

  expect(bRefused).toBeUndefined();
  expect(bTakesOver).toBe(aTakes + 1);
  expect({ aRenews, aLost, aHolds, bHolds }).toEqual({
    aRenews: true,
    aLost: false,
    aHolds: false,
    bHolds: true,
  });
});

test('a newer session of the same process takes a new generation: the older one no longer holds the lease', async () => {
  const { companyId } = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, companyId);
  const target = { companyId, connectionId: connection.id };
  const a = createLease(appA.deps.db, 'holder-A', 30);

  const older = (await a.acquire(target)) ?? -1;
  const newer = (await a.seize(target)) ?? -1;

  expect(await a.renew({ ...target, generation: older })).toBe(false);
  expect(await a.renew({ ...target, generation: newer })).toBe(true);
});

test('when the owning process stops renewing, another takes the session over from the stored creds (no QR) and the old one lets go', async () => {
  const { companyId, admin } = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, companyId);
  await call(appA, 'POST', `/whatsappsession/${connection.id}`, { token: admin.token, body: {} });
  await scanWhenShown(wa, '5511940000001', 'A');
  await waitForStatus(appA.deps.db, connection.id, 'CONNECTED');

  await appB.whatsapp.tick();
  const bWhileAlive = wa.records.filter((entry) => entry.label === 'B').length;
  await expireLease(connection.id);
  await appB.whatsapp.tick();
  await waitFor(
    async () => wa.openBy('5511940000001'),
    (label) => label === 'B',
  );
  await waitFor(
    async () => appA.whatsapp.socketOf(connection.id),
    (socket) => socket === undefined,
  );

  expect(bWhileAlive).toBe(0);
  expect(wa.records.filter((entry) => entry.label === 'B').map((entry) => entry.kind)).toEqual([
    'connect',
    'open',
  ]);
  // WhatsApp replaced A's socket with B's (440), and A, no longer holding the lease, reported nothing.
  expect(wa.records.filter((entry) => entry.label === 'A').at(-1)).toMatchObject({
    kind: 'close',
    code: 440,
  });
  const row = await waitForStatus(appA.deps.db, connection.id, 'CONNECTED');
  expect(row?.leaseOwner).toBe('process-B');
  const timeline = await appA.deps.db
    .select()
    .from(connectionStatusEvents)
    .where(eq(connectionStatusEvents.connectionId, connection.id))
    .orderBy(connectionStatusEvents.id);
  expect(timeline.slice(-2)).toMatchObject([
    { status: 'OPENING', reason: 'takeover' },
    { status: 'CONNECTED' },
  ]);
});

test('a session stopped for the user to act (DISCONNECTED with its creds kept) is not taken over', async () => {
  const { companyId } = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, companyId, { status: 'DISCONNECTED' });
  await loadAuthState(appA.deps.db, companyId, connection.id).then((auth) => auth.saveCreds());
  const before = wa.records.length;

  await appB.whatsapp.tick();

  expect(wa.records.slice(before)).toEqual([]);
  expect(appB.whatsapp.socketOf(connection.id)).toBeUndefined();
});
