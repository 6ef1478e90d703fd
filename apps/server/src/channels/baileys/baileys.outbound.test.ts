import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  replay,
  waMessage,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections, messages, tickets } from '../../db/schema/index.js';
import { storedMessageContent } from './baileys.history.js';

const harness = createBaileysHarness();
// A send without a session is retried a second apart and given up after about 3 seconds.
const app = await createTestApp({
  whatsappSockets: harness.factory,
  env: { DELIVERY_RETRY_HOURS: String(3 / 3600), DELIVERY_RETRY_BASE_SECONDS: '1' },
});
afterAll(() => app.close());

const CUSTOMER = '5511977776666@s.whatsapp.net';

/** A connected session and an open ticket of the admin, opened by the customer's first message. */
async function conversation() {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  socket.ev.emit('messages.upsert', {
    type: 'notify',
    messages: [waMessage({ id: 'FIRST', from: CUSTOMER, message: { conversation: 'bom dia' } })],
  });
  const first = await waitFor(
    async () =>
      (
        await app.deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.connectionId, connection.id), eq(messages.externalId, 'FIRST')))
      )[0],
    (row) => row !== undefined,
  );
  if (!first) throw new Error('first message not stored');
  await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId: tenant.admin.id })
    .where(eq(tickets.id, first.ticketId));
  return { ...tenant, connection, socket, first };
}

const stored = (id: number) =>
  app.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, id))
    .then((rows) => rows[0]);

const sent = (id: number) =>
  waitFor(
    () => stored(id),
    (row) => row?.externalId !== null && row?.externalId !== undefined,
  );

test('a reply leaves through the session quoting the customer message, and comes back with its WhatsApp id and ack 1', async () => {
  const { admin, socket, first } = await conversation();

  const response = await call(app, 'POST', `/messages/${first.ticketId}`, {
    token: admin.token,
    body: { body: 'Olá! Como posso ajudar?', quotedMsgId: first.id },
  });
  const row = await sent(response.body.id);

  expect(response.status).toBe(201);
  expect(row).toMatchObject({ ack: 1, fromMe: true });
  expect(row?.externalId).toMatch(/^3EB0/);
  expect(socket.sent.at(-1)).toMatchObject({
    jid: CUSTOMER,
    content: { text: 'Olá! Como posso ajudar?' },
    options: { quoted: { key: { id: 'FIRST', fromMe: false, remoteJid: CUSTOMER } } },
  });
});

test('acks only move forward: delivered, played, then a late delivered changes nothing', async () => {
  const { admin, socket, first } = await conversation();
  const response = await call(app, 'POST', `/messages/${first.ticketId}`, {
    token: admin.token,
    body: { body: 'oi' },
  });
  const row = await sent(response.body.id);
  const key = { remoteJid: CUSTOMER, fromMe: true, id: row?.externalId ?? '' };

  socket.ev.emit('messages.update', [{ key, update: { status: 3 } }]);
  socket.ev.emit('messages.update', [{ key, update: { status: 5 } }]);
  socket.ev.emit('messages.update', [{ key, update: { status: 4 } }]);
  socket.ev.emit('messages.update', [{ key, update: { status: 3 } }]);
  await waitFor(
    () => stored(response.body.id),
    (value) => value?.ack === 4,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));

  expect((await stored(response.body.id))?.ack).toBe(4);
});

test('WhatsApp refusing a sent message fails it with the reason; a group receipt marks delivered, then read', async () => {
  const { admin, socket, first } = await conversation();
  const refused = await call(app, 'POST', `/messages/${first.ticketId}`, {
    token: admin.token,
    body: { body: 'a' },
  });
  const receipted = await call(app, 'POST', `/messages/${first.ticketId}`, {
    token: admin.token,
    body: { body: 'b' },
  });
  const refusedRow = await sent(refused.body.id);
  const receiptedRow = await sent(receipted.body.id);
  const key = (id: string | null | undefined) => ({ remoteJid: CUSTOMER, fromMe: true, id: id ?? '' });

  socket.ev.emit('messages.update', [
    { key: key(refusedRow?.externalId), update: { status: 0, messageStubParameters: ['479'] } },
  ]);
  socket.ev.emit('message-receipt.update', [
    {
      key: key(receiptedRow?.externalId),
      receipt: { userJid: '5511900000001@s.whatsapp.net', receiptTimestamp: 1 },
    },
  ]);
  await waitFor(
    () => stored(receipted.body.id),
    (row) => row?.ack === 2,
  );
  socket.ev.emit('message-receipt.update', [
    {
      key: key(receiptedRow?.externalId),
      receipt: { userJid: '5511900000001@s.whatsapp.net', readTimestamp: 2 },
    },
  ]);

  expect(
    await waitFor(
      () => stored(refused.body.id),
      (row) => row?.ack === -1,
    ),
  ).toMatchObject({
    ack: -1,
    failedReason: '479',
  });
  expect(
    (
      await waitFor(
        () => stored(receipted.body.id),
        (row) => row?.ack === 3,
      )
    )?.ack,
  ).toBe(3);
});

test("edits, deletes and reactions by the agent reach the customer's WhatsApp with the sent message's key", async () => {
  const { admin, socket, first } = await conversation();
  const response = await call(app, 'POST', `/messages/${first.ticketId}`, {
    token: admin.token,
    body: { body: 'preço: 10' },
  });
  const row = await sent(response.body.id);
  const key = { remoteJid: CUSTOMER, fromMe: true, id: row?.externalId };

  await call(app, 'POST', `/messages/edit/${response.body.id}`, {
    token: admin.token,
    body: { body: 'preço: 12' },
  });
  await call(app, 'POST', `/messages/${first.id}/react`, { token: admin.token, body: { emoji: '👍' } });
  // A reaction reaches the channel through its job, queued with the reaction itself.
  await waitFor(
    async () => socket.sent,
    (sent) => sent.some((s) => 'react' in s.content),
  );
  await call(app, 'DELETE', `/messages/${response.body.id}`, { token: admin.token });

  expect(socket.sent.slice(-3).map((s) => s.content)).toEqual([
    { text: 'preço: 12', edit: key },
    { react: { text: '👍', key: { remoteJid: CUSTOMER, fromMe: false, id: 'FIRST', participant: null } } },
    { delete: key },
  ]);
});

test('without a live session the message is kept, retried, and marked failed with a reason after the horizon, never lost', async () => {
  const { admin, first, connection, companyId } = await conversation();
  await app.whatsapp.stop({ companyId, connectionId: connection.id }, { logout: false });

  const response = await call(app, 'POST', `/messages/${first.ticketId}`, {
    token: admin.token,
    body: { body: 'alguém?' },
  });
  const row = await waitFor(
    () => stored(response.body.id),
    (value) => value?.ack === -1,
  );

  expect(row).toMatchObject({
    ack: -1,
    sendState: 'failed',
    failedReason: 'ERR_SENDING_WAPP_MSG',
    body: 'alguém?',
  });
  expect(row?.sendAttempts).toBeGreaterThan(1);
});

test('a resend request from WhatsApp is answered from the stored message', async () => {
  const { admin, first, connection, companyId } = await conversation();
  const response = await call(app, 'POST', `/messages/${first.ticketId}`, {
    token: admin.token,
    body: { body: 'reenviar' },
  });
  const row = await sent(response.body.id);

  const content = await storedMessageContent(
    app.deps,
    { companyId, connectionId: connection.id },
    { id: row?.externalId, remoteJid: CUSTOMER, fromMe: true },
  );
  const foreign = await storedMessageContent(
    app.deps,
    { companyId: companyId + 100_000, connectionId: connection.id },
    { id: row?.externalId, remoteJid: CUSTOMER, fromMe: true },
  );

  expect(content).toEqual({ conversation: 'reenviar' });
  expect(foreign).toBeUndefined();
});

test('an on-duty notice goes to the plantão phone through the live session, and fails without one', async () => {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId);
  const row = async () =>
    (await app.deps.db.select().from(connections).where(eq(connections.id, connection.id)))[0];
  const adapter = app.deps.channels.get('whatsapp');
  const notice = { number: '+55 (11) 95555-4444', body: 'Cliente aguardando há 10 minutos' };

  const before = await row();
  if (!before || !adapter?.notify) throw new Error('no WhatsApp adapter');
  await expect(adapter.notify({ connection: before, ...notice })).rejects.toMatchObject({
    code: 'ERR_WAPP_NOT_INITIALIZED',
  });

  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  const live = await row();
  if (!live) throw new Error('connection vanished');
  await adapter.notify({ connection: live, ...notice });

  expect(socket.sent).toContainEqual(
    expect.objectContaining({ jid: '5511955554444@s.whatsapp.net', content: { text: notice.body } }),
  );
});
