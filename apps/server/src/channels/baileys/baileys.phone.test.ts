import { events } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createWhatsappConnection, forgetStoredSessions } from '../../../test/baileys-harness.js';
import { testDatabase } from '../../../test/database.js';
import { type FakeWhatsappWeb, startFakeWhatsappWeb } from '../../../test/fake-whatsapp/server.js';
import {
  connectionRow,
  scanWhenShown,
  storedMessage,
  waitForStatus,
} from '../../../test/fake-whatsapp/session.js';
import { createTenant } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { baileysKeys, connectionStatusEvents, messages, tickets } from '../../db/schema/index.js';
import { hasAuthState, loadAuthState } from './baileys.auth-state.js';

// The whole session against the fake WhatsApp Web (test/fake-whatsapp): pairing, QRs, restarts,
// disconnect codes, history, messages and acks, as a phone session goes over time.
const { db } = await testDatabase();
const opened: { apps: FastifyInstance[]; fakes: FakeWhatsappWeb[] } = { apps: [], fakes: [] };
afterEach(async () => {
  for (const app of opened.apps.splice(0)) await app.close();
  for (const fake of opened.fakes.splice(0)) await fake.close();
  await forgetStoredSessions(db);
});

async function fake(options: Parameters<typeof startFakeWhatsappWeb>[0] = {}) {
  // QRs last longer than any test here unless it asks otherwise: a new QR also asks for a new pairing code.
  const wa = await startFakeWhatsappWeb({ qrIntervalMs: 10_000, qrRefs: 3, ...options });
  opened.fakes.push(wa);
  return wa;
}

async function appOn(wa: FakeWhatsappWeb, label: string) {
  const app = await createTestApp({
    whatsappSockets: wa.sockets(label),
    processId: `phone-${label}-${Math.random()}`,
    env: { WHATSAPP_RETRY_BASE_MS: '100' },
  });
  opened.apps.push(app);
  return app;
}

const CUSTOMER = '5511977776666';

/** A connection of a new company whose session the phone of `number` pairs through a scanned QR. */
async function paired(app: FastifyInstance, wa: FakeWhatsappWeb, number: string, label: string) {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  await call(app, 'POST', `/whatsappsession/${connection.id}`, { token: tenant.admin.token, body: {} });
  await scanWhenShown(wa, number, label);
  await waitForStatus(app.deps.db, connection.id, 'CONNECTED');
  return { ...tenant, connection };
}

const kindsOf = (wa: FakeWhatsappWeb, label: string) =>
  wa.records
    .filter((entry) => entry.label === label)
    .map((entry) => (entry.code ? `${entry.kind} ${entry.code}` : entry.kind));

test('a new session shows QRs that renew until the phone scans one, restarts on 515 and opens without a QR', async () => {
  const wa = await fake({ qrIntervalMs: 1000 });
  const app = await appOn(wa, 'A');
  const { companyId, admin } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);

  await call(app, 'POST', `/whatsappsession/${connection.id}`, { token: admin.token, body: {} });
  const first = await waitForStatus(app.deps.db, connection.id, 'qrcode');
  const renewed = await waitFor(
    () => connectionRow(app.deps.db, connection.id),
    (row) => row?.status === 'qrcode' && row.qrcode !== first?.qrcode,
    5000,
  );
  const scanned = wa.scan('5511900000001', 'A');
  const row = await waitForStatus(app.deps.db, connection.id, 'CONNECTED');
  const { creds } = (await loadAuthState(app.deps.db, companyId, connection.id)).state;
  const keys = await app.deps.db
    .select()
    .from(baileysKeys)
    .where(eq(baileysKeys.connectionId, connection.id));

  expect(renewed?.qrcode).toMatch(/^2@/);
  expect(scanned).toBe(true);
  expect(row?.number).toBe('5511900000001');
  expect(creds.me?.id).toBe(wa.device('5511900000001').jid);
  expect(creds.account).toBeDefined();
  expect(keys.map((key) => key.type)).toContain('pre-key');
  const kinds = kindsOf(wa, 'A');
  expect(kinds.slice(kinds.indexOf('close 515'))).toEqual(['close 515', 'connect', 'open']);
});

test('a QR nobody scans ends the session after WhatsApp gives up (408), and it waits for the user', async () => {
  const wa = await fake({ qrIntervalMs: 50, qrRefs: 2 });
  const app = await appOn(wa, 'A');
  const { companyId } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);

  await app.whatsapp.start({ companyId, connectionId: connection.id });
  await waitForStatus(app.deps.db, connection.id, 'DISCONNECTED');

  expect(kindsOf(wa, 'A')).toEqual(['connect', 'qr', 'qr', 'close 408']);
});

test('a pairing code typed on the phone pairs the session like a scanned QR', async () => {
  const wa = await fake();
  const app = await appOn(wa, 'A');
  const live = await listenForSockets(app);
  const { companyId, admin } = await createTenant(app);
  const connection = await createWhatsappConnection(app, companyId);
  const adminSocket = await live.connect({ token: admin.token });
  const heard = collect<{ session?: { pairingCode: string; status: string } }>(
    adminSocket,
    events.whatsappSession(companyId),
  );

  await call(app, 'POST', `/whatsappsession/${connection.id}`, {
    token: admin.token,
    body: { pairingNumber: '5511900000002' },
  });
  const shown = await waitFor(
    async () => heard.find((event) => event.session?.status === 'PAIRING')?.session?.pairingCode,
    (code) => code !== undefined,
  );
  const typed = wa.enterCode('5511900000002', shown ?? '');
  const row = await waitForStatus(app.deps.db, connection.id, 'CONNECTED');
  for (const socket of [adminSocket]) socket.disconnect();

  expect(shown).toMatch(/^[0-9A-F]{8}$/);
  expect(typed).toBe(true);
  expect(row?.number).toBe('5511900000002');
  expect(kindsOf(wa, 'A')).not.toContain('close 401');
});

test('a restarted server resumes the stored session without a QR, with the keys WhatsApp handed out', async () => {
  const wa = await fake();
  const first = await appOn(wa, 'A');
  const number = '5511900000003';
  const { connection } = await paired(first, wa, number, 'A');
  await storedMessage(first.deps.db, connection.id, wa.deliver(number, { from: CUSTOMER, text: 'antes' }));
  await first.close();
  opened.apps.splice(opened.apps.indexOf(first), 1);

  const second = await appOn(wa, 'B');
  await waitFor(
    async () => wa.openBy(number),
    (label) => label === 'B',
  );
  const after = await storedMessage(
    second.deps.db,
    connection.id,
    wa.deliver(number, { from: CUSTOMER, text: 'depois do reinício' }),
  );

  expect(kindsOf(wa, 'B')).toEqual(['connect', 'open']);
  expect(wa.device(number).lostKeys).toEqual([]);
  expect(after.body).toBe('depois do reinício');
});

test('disconnect codes: 515 and 500 reconnect, 440 stops, 401 wipes the session, 405 stops before pairing', async () => {
  const wa = await fake();
  const app = await appOn(wa, 'A');
  const number = '5511900000004';
  const { companyId, connection } = await paired(app, wa, number, 'A');
  const opens = () => kindsOf(wa, 'A').filter((kind) => kind === 'open').length;

  const before = opens();
  wa.drop(number, 515, 'Stream Errored (restart required)');
  await waitFor(
    async () => opens(),
    (count) => count === before + 1,
  );
  wa.drop(number, 500, 'Stream Errored (bad session)');
  await waitFor(
    async () => opens(),
    (count) => count === before + 2,
  );
  await waitForStatus(db, connection.id, 'CONNECTED');

  wa.drop(number, 440, 'Stream Errored (conflict)');
  const replaced = await waitForStatus(db, connection.id, 'DISCONNECTED');
  const keptAfter440 = await hasAuthState(db, connection.id);

  await app.whatsapp.start({ companyId, connectionId: connection.id });
  await waitForStatus(db, connection.id, 'CONNECTED');
  wa.drop(number, 401, 'Connection Failure');
  await waitForStatus(db, connection.id, 'DISCONNECTED');
  const keptAfter401 = await waitFor(
    () => hasAuthState(db, connection.id),
    (kept) => !kept,
  );
  const timeline = await db
    .select({ status: connectionStatusEvents.status, reason: connectionStatusEvents.reason })
    .from(connectionStatusEvents)
    .where(eq(connectionStatusEvents.connectionId, connection.id));

  expect(replaced?.status).toBe('DISCONNECTED');
  expect(keptAfter440).toBe(true);
  expect(keptAfter401).toBe(false);
  expect(timeline).toContainEqual({ status: 'TIMEOUT', reason: '500' });
  expect(timeline).toContainEqual({ status: 'DISCONNECTED', reason: '440' });
  expect(timeline).toContainEqual({ status: 'DISCONNECTED', reason: '401' });
  expect(kindsOf(wa, 'A').at(-1)).toBe('close 401');

  wa.refuseVersion();
  const other = await createWhatsappConnection(app, companyId);
  await app.whatsapp.start({ companyId, connectionId: other.id });
  await waitForStatus(db, other.id, 'DISCONNECTED');
  expect(kindsOf(wa, 'A').at(-1)).toBe('close 405');
});

test('history sync on pairing, a customer message, and a reply answered with an id then delivered and read', async () => {
  const wa = await fake();
  const app = await appOn(wa, 'A');
  const number = '5511900000005';
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId, {
    importOldMessages: new Date(Date.now() - 7 * 24 * 3600_000),
  });
  wa.setHistory(number, {
    chats: [{ id: `${CUSTOMER}@s.whatsapp.net`, name: 'Maria' }],
    messages: [
      {
        from: `${CUSTOMER}@s.whatsapp.net`,
        text: 'mensagem antiga',
        id: 'OLD1',
        at: new Date(Date.now() - 3600_000),
      },
    ],
  });
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  await scanWhenShown(wa, number, 'A');

  const old = await storedMessage(app.deps.db, connection.id, 'OLD1');
  const [imported] = await app.deps.db.select().from(tickets).where(eq(tickets.id, old.ticketId));
  const live = await storedMessage(
    app.deps.db,
    connection.id,
    wa.deliver(number, { from: CUSTOMER, text: 'oi' }),
  );
  await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId: tenant.admin.id })
    .where(eq(tickets.id, live.ticketId));
  const reply = await call(app, 'POST', `/messages/${live.ticketId}`, {
    token: tenant.admin.token,
    body: { body: 'Olá, Maria' },
  });
  const read = await waitFor(
    async () => (await app.deps.db.select().from(messages).where(eq(messages.id, reply.body.id)))[0],
    (row) => row?.ack === 3,
  );
  const sent = wa.records.filter((entry) => entry.kind === 'send');

  expect(old.body).toBe('mensagem antiga');
  expect(live.body).toBe('oi');
  expect(sent.at(-1)).toMatchObject({ label: 'A', jid: `${CUSTOMER}@s.whatsapp.net`, text: 'Olá, Maria' });
  expect(read?.externalId).toBe(sent.at(-1)?.id);
  expect(imported?.imported).toBe(true);
});
