import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  forgetStoredSessions,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connectionStatusEvents, connections } from '../../db/schema/index.js';
import { loadAuthState } from './baileys.auth-state.js';
import { createLease } from './baileys.lease.js';

const harnessA = createBaileysHarness();
const harnessB = createBaileysHarness();
const appA = await createTestApp({ whatsappSockets: harnessA.factory, processId: 'process-A' });
const appB = await createTestApp({ whatsappSockets: harnessB.factory, processId: 'process-B' });
afterAll(async () => {
  await forgetStoredSessions(appA.deps.db);
  await appA.close();
  await appB.close();
});

/** What a process that stopped renewing looks like once its lease ran out. */
const expireLease = (id: number) =>
  appA.deps.db
    .update(connections)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(connections.id, id));

test('two holders on one database: only one holds a lease until it expires, then the other takes it', async () => {
  const { companyId } = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, companyId);
  const target = { companyId, connectionId: connection.id };
  const a = createLease(appA.deps.db, 'holder-A', 30);
  const b = createLease(appA.deps.db, 'holder-B', 30);

  const aTakes = await a.acquire(target);
  const bRefused = await b.acquire(target);
  const aRenews = await a.renew(target);
  const bCannotRenew = await b.renew(target);
  await expireLease(connection.id);
  const bTakesOver = await b.acquire(target);
  const aLost = await a.renew(target);

  expect([aTakes, bRefused, aRenews, bCannotRenew, bTakesOver, aLost]).toEqual([
    true,
    false,
    true,
    false,
    true,
    false,
  ]);
});

test('when the owning process stops renewing, another process takes the session over and the old one lets go', async () => {
  const { companyId, admin } = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, companyId);
  await loadAuthState(appA.deps.db, companyId, connection.id).then((auth) => auth.saveCreds());
  await appA.inject({
    method: 'POST',
    url: `/whatsappsession/${connection.id}`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: {},
  });
  const socketA = harnessA.latest();
  replay.open(socketA);
  await waitFor(
    async () => (await appA.deps.db.select().from(connections).where(eq(connections.id, connection.id)))[0],
    (row) => row?.status === 'CONNECTED',
  );

  await appB.whatsapp.tick();
  const bWhileAlive = harnessB.sockets.length;
  await expireLease(connection.id);
  await appB.whatsapp.tick();
  const socketB = harnessB.latest();
  await appA.whatsapp.tick();

  expect(bWhileAlive).toBe(0);
  expect(harnessB.sockets).toHaveLength(1);
  expect(socketB.options.auth.creds.noiseKey).toBeDefined();
  expect(socketA.ended).toBe(true);
  expect(appA.whatsapp.socketOf(connection.id)).toBeUndefined();
  expect(appB.whatsapp.socketOf(connection.id)).toBe(socketB);
  const [row] = await appA.deps.db.select().from(connections).where(eq(connections.id, connection.id));
  expect(row?.leaseOwner).toBe('process-B');
  const timeline = await appA.deps.db
    .select()
    .from(connectionStatusEvents)
    .where(eq(connectionStatusEvents.connectionId, connection.id))
    .orderBy(connectionStatusEvents.id);
  expect(timeline.at(-1)).toMatchObject({ status: 'OPENING', reason: 'takeover' });
});

test('a session stopped for the user to act (DISCONNECTED with its creds kept) is not taken over', async () => {
  const { companyId } = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, companyId, { status: 'DISCONNECTED' });
  await loadAuthState(appA.deps.db, companyId, connection.id).then((auth) => auth.saveCreds());
  const before = harnessB.sockets.length;

  await appB.whatsapp.tick();

  expect(harnessB.sockets.length).toBe(before);
  expect(appB.whatsapp.socketOf(connection.id)).toBeUndefined();
});
