import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createWhatsappConnection, forgetStoredSessions } from '../../../test/baileys-harness.js';
import { testDatabase } from '../../../test/database.js';
import { startFakeWhatsappWeb } from '../../../test/fake-whatsapp/server.js';
import {
  scanWhenShown,
  settledReplies,
  storedMessage,
  waitForStatus,
} from '../../../test/fake-whatsapp/session.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections, tickets } from '../../db/schema/index.js';
import { findDelivery } from '../../modules/messages/messages.queries.js';
import { createLease } from './baileys.lease.js';

// Two server processes on one database (two apps with their own process ids), both on the fake
// WhatsApp Web. Leases last long here, so no lease tick runs by itself during a test: each
// takeover is made by the test, at the moment it chooses.
const { db } = await testDatabase();
const wa = await startFakeWhatsappWeb();
const env = { WHATSAPP_LEASE_SECONDS: '300', WHATSAPP_RETRY_BASE_MS: '1500' };
const appA = await createTestApp({ whatsappSockets: wa.sockets('A'), processId: 'fence-A', env });
const appB = await createTestApp({ whatsappSockets: wa.sockets('B'), processId: 'fence-B', env });
afterAll(async () => {
  await forgetStoredSessions(db);
  await appA.close();
  await appB.close();
  await wa.close();
});

const CUSTOMER = '5511977776666';
let sessions = 0;

/** A session paired on `app` and the open ticket of a customer who wrote to it. */
async function conversationOn(app: FastifyInstance, label: string) {
  sessions += 1;
  const number = String(5511930000000 + sessions);
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  await call(app, 'POST', `/whatsappsession/${connection.id}`, { token: tenant.admin.token, body: {} });
  await scanWhenShown(wa, number, label);
  await waitForStatus(db, connection.id, 'CONNECTED');
  const first = await storedMessage(db, connection.id, wa.deliver(number, { from: CUSTOMER, text: 'oi' }));
  await db
    .update(tickets)
    .set({ status: 'open', userId: tenant.admin.id })
    .where(eq(tickets.id, first.ticketId));
  const target = { companyId: tenant.companyId, connectionId: connection.id };
  return { ...tenant, number, connection, target, first };
}

/** What a holder that stopped renewing leaves behind: its lease has run out. */
const expireLease = (id: number) =>
  db
    .update(connections)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(connections.id, id));

const recordsOf = (number: string) => wa.records.filter((entry) => entry.number === number);

test('with the session on A, replies posted to A and to B all leave through A, in the order written, none failed', async () => {
  const { admin, number, first } = await conversationOn(appA, 'A');

  const posted: string[] = [];
  for (let i = 0; i < 8; i++) {
    const body = `Resposta ${i}`;
    const answer = await call(i % 2 === 0 ? appA : appB, 'POST', `/messages/${first.ticketId}`, {
      token: admin.token,
      body: { body },
    });
    expect(answer.status).toBe(201);
    posted.push(body);
  }
  const replies = await settledReplies(db, first.ticketId, posted.length);
  const sends = recordsOf(number).filter((entry) => entry.kind === 'send');

  expect(replies.map((reply) => reply.ack > 0)).toEqual(posted.map(() => true));
  expect(sends.map((entry) => entry.text)).toEqual(posted);
  expect(new Set(sends.map((entry) => entry.label))).toEqual(new Set(['A']));
}, 45_000);

test('a holder whose lease another process took refuses to send (the database says so) and closes its socket', async () => {
  const { number, target, first } = await conversationOn(appA, 'A');
  const delivery = await findDelivery(db, target.companyId, first.id);
  if (!delivery?.connection || !delivery.contact) throw new Error('no delivery');
  // B has taken the lease and not yet opened its socket: A, frozen until now, still has its own.
  await createLease(db, 'fence-B', 300).seize(target);
  const before = recordsOf(number).length;

  const refused = await appA.deps.channels
    .get('whatsapp')
    ?.send({ connection: delivery.connection, contact: delivery.contact, message: delivery.message })
    .then(
      () => undefined,
      (error: Error) => error.message,
    );
  const after = await waitFor(
    async () => recordsOf(number).slice(before),
    (entries) => entries.some((entry) => entry.kind === 'close'),
    5000,
  );

  expect(refused).toBe('ERR_WAPP_NOT_INITIALIZED');
  expect(after.map((entry) => entry.kind)).toEqual(['close']);
  expect(appA.whatsapp.socketOf(target.connectionId)).toBeUndefined();
});

test('a holder waiting to reconnect whose session another process took over opens no socket when its timer fires', async () => {
  const { number, target } = await conversationOn(appA, 'A');
  wa.drop(number, 428, 'Connection Closed');
  await waitForStatus(db, target.connectionId, 'TIMEOUT');
  // A's retry is 1.2–1.8 s away; meanwhile its lease runs out and B takes the session over.
  await expireLease(target.connectionId);
  await appB.whatsapp.tick();
  await waitFor(
    async () => wa.openBy(number),
    (label) => label === 'B',
  );
  const takeover = wa.records.length;
  // A socket of A, opening (no device named yet) or open on this number.
  const byA = () =>
    wa.records
      .slice(takeover)
      .filter((entry) => entry.label === 'A' && (entry.kind === 'connect' || entry.number === number));

  // A's timer fires: either it opens a socket (which WhatsApp lets replace B's) or it lets the session go.
  await waitFor(
    async () => appA.whatsapp.sessionOf(target.connectionId) === undefined || byA().length > 0,
    (done) => done,
    10_000,
  );
  const row = await waitForStatus(db, target.connectionId, 'CONNECTED');

  expect(byA()).toEqual([]);
  expect(wa.openBy(number)).toBe('B');
  expect(row?.leaseOwner).toBe('fence-B');
});
