import { eq } from 'drizzle-orm';
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
import { baileysKeys, baileysLogouts, baileysSessions, connections } from '../../db/schema/index.js';
import { hasAuthState, loadAuthState } from './baileys.auth-state.js';

const harnessA = createBaileysHarness();
const harnessB = createBaileysHarness();
const appA = await createTestApp({ whatsappSockets: harnessA.factory, processId: 'delete-A' });
const appB = await createTestApp({ whatsappSockets: harnessB.factory, processId: 'delete-B' });
afterAll(async () => {
  await forgetStoredSessions(appA.deps.db);
  await appA.close();
  await appB.close();
});

/** A paired connection whose live session process A holds. */
async function heldByA() {
  const tenant = await createTenant(appA);
  const connection = await createWhatsappConnection(appA, tenant.companyId);
  const auth = await loadAuthState(appA.deps.db, tenant.companyId, connection.id);
  await auth.saveCreds();
  await auth.state.keys.set({ session: { '5511988887777.0': new Uint8Array([1, 2, 3]) } });
  await appA.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harnessA.latest();
  replay.open(socket);
  await waitFor(
    async () => (await appA.deps.db.select().from(connections).where(eq(connections.id, connection.id)))[0],
    (row) => row?.status === 'CONNECTED',
  );
  return { ...tenant, connection, socket };
}

const remove = (app: typeof appA, token: string, id: number) =>
  app.inject({ method: 'DELETE', url: `/whatsapp/${id}`, headers: { authorization: `Bearer ${token}` } });

const authRows = async (connectionId: number) => [
  ...(await appA.deps.db
    .select()
    .from(baileysSessions)
    .where(eq(baileysSessions.connectionId, connectionId))),
  ...(await appA.deps.db.select().from(baileysKeys).where(eq(baileysKeys.connectionId, connectionId))),
];

/** Creds kept for the logout job: gone once the open session logged the phone out itself. */
const setAside = (connectionId: number) =>
  appA.deps.db.select().from(baileysLogouts).where(eq(baileysLogouts.connectionId, connectionId));

test('deleting a connection whose session this process holds logs the phone out at once and wipes its session', async () => {
  const { connection, socket, admin } = await heldByA();
  const before = await authRows(connection.id);

  const answer = await remove(appA, admin.token, connection.id);

  expect(answer.statusCode).toBe(204);
  expect(before.length).toBe(2);
  expect(socket.loggedOut).toBe(true);
  expect(socket.ended).toBe(true);
  expect(appA.whatsapp.sessionOf(connection.id)).toBeUndefined();
  expect(await authRows(connection.id)).toEqual([]);
  expect(await setAside(connection.id)).toEqual([]);
});

test('deleted on another process, the holder logs the phone out at its next lease renewal; nobody takes the session over', async () => {
  const { connection, socket, admin } = await heldByA();

  const answer = await remove(appB, admin.token, connection.id);
  const outBeforeRenewal = socket.loggedOut;
  await appB.whatsapp.tick();
  await appA.whatsapp.tick();

  expect(answer.statusCode).toBe(204);
  expect(outBeforeRenewal).toBe(false);
  expect(socket.loggedOut).toBe(true);
  expect(socket.ended).toBe(true);
  expect(appA.whatsapp.sessionOf(connection.id)).toBeUndefined();
  expect(harnessB.sockets).toEqual([]);
  expect(await hasAuthState(appA.deps.db, connection.id)).toBe(false);
  expect(await authRows(connection.id)).toEqual([]);
  expect(await setAside(connection.id)).toEqual([]);
});

test('another company cannot delete the connection: the session stays and the phone stays linked', async () => {
  const { connection, socket } = await heldByA();
  const stranger = await createTenant(appA);

  const answer = await remove(appA, stranger.admin.token, connection.id);
  await appA.whatsapp.tick();

  expect(answer.statusCode).toBe(404);
  expect(socket.loggedOut).toBe(false);
  expect(appA.whatsapp.socketOf(connection.id)).toBe(socket);
  expect((await authRows(connection.id)).length).toBe(2);
});
