import { eq } from 'drizzle-orm';
import { afterAll, expect, test, vi } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  type FakeSocket,
  forgetStoredSessions,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { baileysLogouts, baileysSessions, connections } from '../../db/schema/index.js';
import { loadAuthState } from './baileys.auth-state.js';

const PHONE = '5511977776666:3@s.whatsapp.net';
const harness = createBaileysHarness();
const app = await createTestApp({
  whatsappSockets: harness.factory,
  processId: 'logout-A',
  env: { WHATSAPP_LOGOUT_WAIT_MS: '500' },
});
const warn = vi.spyOn(app.deps.log, 'warn');
afterAll(async () => {
  await forgetStoredSessions(app.deps.db);
  await app.close();
});

/** A paired connection (creds stored, the phone linked) with no session running anywhere. */
async function pairedButDown() {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  const auth = await loadAuthState(app.deps.db, tenant.companyId, connection.id);
  auth.state.creds.me = { id: PHONE };
  await auth.saveCreds();
  return { ...tenant, connection, creds: auth.state.creds };
}

const statusOf = (connectionId: number, status: string) =>
  waitFor(
    async () => (await app.deps.db.select().from(connections).where(eq(connections.id, connectionId)))[0],
    (row) => row?.status === status,
  );

/** The connection's session started by this process and opened by WhatsApp. */
async function openHere(companyId: number, connectionId: number) {
  await app.whatsapp.start({ companyId, connectionId });
  const session = harness.latest();
  replay.open(session);
  await statusOf(connectionId, 'CONNECTED');
  return session;
}

const remove = (token: string, id: number) =>
  app.inject({ method: 'DELETE', url: `/whatsapp/${id}`, headers: { authorization: `Bearer ${token}` } });

const pending = (connectionId: number) =>
  app.deps.db.select().from(baileysLogouts).where(eq(baileysLogouts.connectionId, connectionId));

/** The socket the logout job opens: the first one made after `count` sockets existed. */
async function logoutSocket(count: number): Promise<FakeSocket> {
  const sockets = await waitFor(
    async () => harness.sockets,
    (all) => all.length > count,
    10_000,
  );
  const socket = sockets[count];
  if (!socket) throw new Error('the logout job opened no socket');
  return socket;
}

const warned = (connectionId: number) =>
  warn.mock.calls.some(
    ([about, message]) =>
      (about as { connectionId?: number }).connectionId === connectionId &&
      message === 'whatsapp phone of a forgotten session not logged out',
  );

test('deleting a paired connection with no live session logs the phone out from its set-aside creds, then forgets them', async () => {
  const { connection, admin, creds } = await pairedButDown();
  const count = harness.sockets.length;

  const answer = await remove(admin.token, connection.id);
  const socket = await logoutSocket(count);
  const [waiting] = await pending(connection.id);
  replay.open(socket);
  await waitFor(
    async () => socket.ended,
    (ended) => ended,
    5_000,
  );

  expect(answer.statusCode).toBe(204);
  expect(socket.options.auth.creds.me?.id).toBe(PHONE);
  expect(Buffer.from(socket.options.auth.creds.noiseKey.private)).toEqual(
    Buffer.from(creds.noiseKey.private),
  );
  expect(waiting?.sealedCreds).not.toContain(PHONE);
  expect(app.deps.secrets.isSealed(waiting?.sealedCreds ?? '')).toBe(true);
  expect(socket.loggedOut).toBe(true);
  expect(
    await waitFor(
      () => pending(connection.id),
      (rows) => rows.length === 0,
    ),
  ).toEqual([]);
  expect(
    await app.deps.db.select().from(baileysSessions).where(eq(baileysSessions.connectionId, connection.id)),
  ).toEqual([]);
});

test('when WhatsApp closes the logout socket, the delete stands, the attempt is logged and the creds are dropped', async () => {
  const { connection, admin } = await pairedButDown();
  const count = harness.sockets.length;

  const answer = await remove(admin.token, connection.id);
  const socket = await logoutSocket(count);
  replay.close(socket, 408, 'Connection Failure');
  const left = await waitFor(
    () => pending(connection.id),
    (rows) => rows.length === 0,
  );

  expect(answer.statusCode).toBe(204);
  expect(socket.loggedOut).toBe(false);
  expect(socket.ended).toBe(true);
  expect(left).toEqual([]);
  expect(warned(connection.id)).toBe(true);
  expect(await app.deps.db.select().from(connections).where(eq(connections.id, connection.id))).toEqual([]);
});

test('when WhatsApp never answers, the logout gives up after the configured wait', async () => {
  const { connection, admin } = await pairedButDown();
  const count = harness.sockets.length;

  await remove(admin.token, connection.id);
  const socket = await logoutSocket(count);
  const left = await waitFor(
    () => pending(connection.id),
    (rows) => rows.length === 0,
    5_000,
  );

  expect(left).toEqual([]);
  expect(socket.loggedOut).toBe(false);
  expect(socket.ended).toBe(true);
  expect(warned(connection.id)).toBe(true);
});

test('a session of this process that is down and retrying is dropped, and the phone is logged out by the job', async () => {
  const { connection, admin, companyId } = await pairedButDown();
  const session = await openHere(companyId, connection.id);
  replay.close(session, 408, 'Connection Failure');
  await statusOf(connection.id, 'TIMEOUT');
  const count = harness.sockets.length;

  await remove(admin.token, connection.id);
  const socket = await logoutSocket(count);
  replay.open(socket);
  await waitFor(
    async () => socket.loggedOut,
    (out) => out,
    5_000,
  );

  expect(socket.loggedOut).toBe(true);
  expect(app.whatsapp.sessionOf(connection.id)).toBeUndefined();
  expect(
    await waitFor(
      () => pending(connection.id),
      (rows) => rows.length === 0,
    ),
  ).toEqual([]);
});

test('a connection that never paired has no phone to log out: no socket is opened', async () => {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  const count = harness.sockets.length;

  const answer = await remove(tenant.admin.token, connection.id);

  expect(answer.statusCode).toBe(204);
  expect(await pending(connection.id)).toEqual([]);
  expect(harness.sockets.length).toBe(count);
});

const disconnect = (token: string, id: number) =>
  app.inject({
    method: 'DELETE',
    url: `/whatsappsession/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });

test('disconnecting a paired connection with no live session logs the phone out from its set-aside creds', async () => {
  const { connection, admin } = await pairedButDown();
  const count = harness.sockets.length;

  const answer = await disconnect(admin.token, connection.id);
  const socket = await logoutSocket(count);
  replay.open(socket);
  const left = await waitFor(
    () => pending(connection.id),
    (rows) => rows.length === 0,
    5_000,
  );

  expect(answer.statusCode).toBe(204);
  expect(socket.options.auth.creds.me?.id).toBe(PHONE);
  expect(socket.loggedOut).toBe(true);
  expect(left).toEqual([]);
  expect(
    await app.deps.db.select().from(baileysSessions).where(eq(baileysSessions.connectionId, connection.id)),
  ).toEqual([]);
});

test('disconnecting an open session logs out through it: no creds are set aside and no other socket opens', async () => {
  const { connection, admin, companyId } = await pairedButDown();
  const session = await openHere(companyId, connection.id);
  const count = harness.sockets.length;

  const answer = await disconnect(admin.token, connection.id);

  expect(answer.statusCode).toBe(204);
  expect(session.loggedOut).toBe(true);
  expect(await pending(connection.id)).toEqual([]);
  expect(harness.sockets.length).toBe(count);
});
