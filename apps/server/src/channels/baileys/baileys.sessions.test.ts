import { events } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  type FakeSocket,
  forgetStoredSessions,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { connectionStatusEvents, connections } from '../../db/schema/index.js';
import { hasAuthState, loadAuthState } from './baileys.auth-state.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory, env: { WHATSAPP_RETRY_BASE_MS: '20' } });
const live = await listenForSockets(app);
afterAll(async () => {
  await forgetStoredSessions(app.deps.db);
  await live.close();
});

const statusOf = async (id: number) =>
  (await app.deps.db.select().from(connections).where(eq(connections.id, id)))[0];
const waitStatus = (id: number, status: string) =>
  waitFor(
    () => statusOf(id),
    (row) => row?.status === status,
  );
const timeline = async (id: number) =>
  (
    await app.deps.db
      .select()
      .from(connectionStatusEvents)
      .where(eq(connectionStatusEvents.connectionId, id))
      .orderBy(connectionStatusEvents.id)
  ).map((e) => [e.status, e.reason]);

test('pairing: the QR reaches the admin only, and after the 515 restart the session opens on a new socket with the saved creds', async () => {
  const { companyId, admin } = await createTenant(app);
  const attendant = await createUser(app, companyId);
  const connection = await createWhatsappConnection(app, companyId);
  const adminSocket = await live.connect({ token: admin.token });
  const attendantSocket = await live.connect({ token: attendant.token });
  const adminHears = collect<{ action: string; session?: { qrcode: string; status: string } }>(
    adminSocket,
    events.whatsappSession(companyId),
  );
  const attendantHears = collect(attendantSocket, events.whatsappSession(companyId));

  const started = await fetchStart(admin.token, connection.id);
  const first = harness.latest();
  first.ev.emit('connection.update', { connection: 'connecting' });
  replay.qr(first, '2@ref1,noise,identity,adv');
  await waitStatus(connection.id, 'qrcode');
  replay.qr(first, '2@ref2,noise,identity,adv');
  first.options.auth.creds.me = { id: '5511999990000:12@s.whatsapp.net', name: 'Loja' };
  first.ev.emit('creds.update', { me: first.options.auth.creds.me });
  first.ev.emit('connection.update', { isNewLogin: true, qr: undefined });
  replay.close(first, 515, 'Stream Errored (restart required)');
  const second = await waitFor(
    async () => harness.sockets.at(-1),
    (socket) => socket !== first,
  );
  replay.open(second as typeof first);
  const row = await waitStatus(connection.id, 'CONNECTED');
  // The event follows the row's commit; through PostgreSQL (another process heard lately) it takes a NOTIFY's round trip.
  await waitFor(
    async () => adminHears.at(-1)?.session?.status,
    (status) => status === 'CONNECTED',
  );

  expect(started).toBe(204);
  expect(second?.options.auth.creds.me?.id).toBe('5511999990000:12@s.whatsapp.net');
  expect(row?.number).toBe('5511999990000');
  expect(row?.qrcode).toBe('');
  const qrs = adminHears.flatMap((e) => (e.session?.qrcode ? [e.session.qrcode] : []));
  expect(qrs).toEqual(['2@ref1,noise,identity,adv', '2@ref2,noise,identity,adv']);
  expect(adminHears.at(-1)?.session).toMatchObject({ status: 'CONNECTED', qrcode: '' });
  expect(attendantHears).toEqual([]);
  expect(await hasAuthState(app.deps.db, connection.id)).toBe(true);
});

test('a pairing number gets a pairing code instead of a QR', async () => {
  const { companyId, admin } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);
  const adminSocket = await live.connect({ token: admin.token });
  const heard = collect<{ session?: { pairingCode: string; status: string } }>(
    adminSocket,
    events.whatsappSession(companyId),
  );

  await app.inject({
    method: 'POST',
    url: `/whatsappsession/${connection.id}`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { pairingNumber: '5511999990000' },
  });
  replay.qr(harness.latest(), '2@ref,noise,identity,adv');
  await waitStatus(connection.id, 'PAIRING');

  await waitFor(
    async () => heard,
    (list) => list.some((e) => e.session?.status === 'PAIRING'),
  );
  expect(heard.find((e) => e.session?.status === 'PAIRING')?.session?.pairingCode).toBe('ABCD1234');
});

test('a lost connection reconnects after a backoff on a new socket, and the drop is announced and kept in the timeline', async () => {
  const { companyId, admin } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);
  const adminSocket = await live.connect({ token: admin.token });
  const heard = collect<{ action: string; reason?: string }>(adminSocket, events.whatsappSession(companyId));
  await fetchStart(admin.token, connection.id);
  const first = harness.latest();
  replay.open(first);
  await waitStatus(connection.id, 'CONNECTED');

  replay.close(first, 428);
  const second = await waitFor(
    async () => harness.sockets.at(-1),
    (socket) => socket !== first,
  );
  replay.open(second as typeof first);
  await waitStatus(connection.id, 'CONNECTED');

  expect(first.ended).toBe(true);
  expect(heard.filter((e) => e.action === 'dropped')).toEqual([
    { action: 'dropped', whatsappId: connection.id, name: connection.name, reason: '428' },
  ]);
  expect(await timeline(connection.id)).toEqual([
    ['OPENING', null],
    ['CONNECTED', null],
    ['TIMEOUT', '428'],
    ['OPENING', null],
    ['CONNECTED', null],
  ]);
});

test('logged out from the phone (401): the stored session is wiped and no new socket is made', async () => {
  const { companyId, admin } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);
  await fetchStart(admin.token, connection.id);
  const socket = harness.latest();
  const auth = await loadAuthState(app.deps.db, companyId, connection.id);
  await auth.saveCreds();
  await auth.state.keys.set({ session: { 'z.0': Buffer.from('k') } });
  replay.open(socket);
  await waitStatus(connection.id, 'CONNECTED');
  const made = harness.sockets.length;

  replay.close(socket, 401, 'Connection Failure');
  const row = await waitStatus(connection.id, 'DISCONNECTED');

  expect(await hasAuthState(app.deps.db, connection.id)).toBe(false);
  expect(
    await loadAuthState(app.deps.db, companyId, connection.id).then((a) =>
      a.state.keys.get('session', ['z.0']),
    ),
  ).toEqual({});
  expect(harness.sockets.length).toBe(made);
  expect(row?.leaseOwner).toBeNull();
  expect((await timeline(connection.id)).at(-1)).toEqual(['DISCONNECTED', '401']);
});

test('a QR nobody scanned (408 "QR refs attempts ended") stops and waits for the user instead of looping', async () => {
  const { companyId, admin } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);
  await fetchStart(admin.token, connection.id);
  const socket = harness.latest();
  replay.qr(socket, '2@ref,noise,identity,adv');
  await waitStatus(connection.id, 'qrcode');
  const made = harness.sockets.length;

  replay.close(socket, 408, 'QR refs attempts ended');
  const row = await waitStatus(connection.id, 'DISCONNECTED');
  await new Promise((resolve) => setTimeout(resolve, 200));

  expect(row?.qrcode).toBe('');
  expect(harness.sockets.length).toBe(made);
});

test('disconnect logs the device out and wipes the session; another company cannot touch the connection', async () => {
  const { companyId, admin } = await createTenant(app);
  const stranger = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);
  await fetchStart(admin.token, connection.id);
  const socket = harness.latest();
  await loadAuthState(app.deps.db, companyId, connection.id).then((a) => a.saveCreds());

  const foreign = await app.inject({
    method: 'DELETE',
    url: `/whatsappsession/${connection.id}`,
    headers: { authorization: `Bearer ${stranger.admin.token}` },
  });
  const own = await app.inject({
    method: 'DELETE',
    url: `/whatsappsession/${connection.id}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });

  expect(foreign.statusCode).toBe(404);
  expect(own.statusCode).toBe(204);
  expect(socket.loggedOut).toBe(true);
  expect(await hasAuthState(app.deps.db, connection.id)).toBe(false);
  expect((await statusOf(connection.id))?.status).toBe('DISCONNECTED');
});

test('an attendant cannot start a session', async () => {
  const { companyId } = await createTenant(app);
  const attendant = await createUser(app, companyId);
  const connection = await createWhatsappConnection(app, companyId);

  expect(await fetchStart(attendant.token, connection.id)).toBe(403);
});

async function fetchStart(token: string, id: number) {
  const response = await app.inject({
    method: 'POST',
    url: `/whatsappsession/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {},
  });
  return response.statusCode;
}

test('restart reconnects every WhatsApp session of the company on new sockets, and only its own', async () => {
  const { companyId, admin } = await createTenant(app);
  const other = await createTenant(app);
  const first = await createWhatsappConnection(app, companyId);
  const second = await createWhatsappConnection(app, companyId);
  const foreign = await createWhatsappConnection(app, other.companyId);
  for (const connection of [first, second, foreign]) {
    await fetchStart(connection.companyId === companyId ? admin.token : other.admin.token, connection.id);
    replay.open(harness.latest());
  }
  const before = new Map(
    [first, second, foreign].map((c) => [c.id, app.whatsapp.socketOf(c.id) as FakeSocket | undefined]),
  );

  const response = await app.inject({
    method: 'POST',
    url: '/whatsapp-restart/',
    headers: { authorization: `Bearer ${admin.token}` },
  });

  expect(response.statusCode).toBe(204);
  expect(app.whatsapp.socketOf(first.id)).not.toBe(before.get(first.id));
  expect(app.whatsapp.socketOf(second.id)).not.toBe(before.get(second.id));
  expect(before.get(first.id)?.ended).toBe(true);
  expect(app.whatsapp.socketOf(foreign.id)).toBe(before.get(foreign.id));
});

test('a restart the admin asks for is not announced as a drop', async () => {
  const { companyId, admin } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);
  const adminSocket = await live.connect({ token: admin.token });
  const heard = collect<{ action: string }>(adminSocket, events.whatsappSession(companyId));
  await fetchStart(admin.token, connection.id);
  replay.open(harness.latest());
  await waitStatus(connection.id, 'CONNECTED');

  await fetchStart(admin.token, connection.id);
  replay.open(harness.latest());
  await waitStatus(connection.id, 'CONNECTED');
  await waitFor(
    async () => heard.filter((e) => e.action === 'update').length,
    (count) => count >= 4,
  );

  expect(heard.filter((e) => e.action === 'dropped')).toEqual([]);
});
