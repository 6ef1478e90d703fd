import { randomUUID } from 'node:crypto';
import { events } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { cloudMessage, cloudText } from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { createQueue, createTenant, createUser, setDueDate } from '../../../test/fixtures.js';
import { collect } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { connections, contacts, messages, plans, rateLimits, tickets } from '../../db/schema/index.js';

const meta = await createMetaTestApp();
const { app, fake } = meta;
const sockets: ReturnType<typeof io>[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await meta.close();
});

/** A signed-in user's live socket on the listening app. */
function listen(token: string) {
  const socket = io(meta.webhookUrl.replace('/webhooks/meta', ''), {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise<typeof socket>((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A Brazilian mobile number nobody else in the run uses, as stored (E.164 digits). */
const newNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const sendJson = (token: string | undefined, body: unknown) =>
  call(app, 'POST', '/api/messages/send', { ...(token ? { token } : {}), body });

function sendMultipart(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  const boundary = '----balcao-api';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/api/messages/send',
    payload: Buffer.concat(parts),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

const messagesOf = (companyId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const ticketsOf = (companyId: number) =>
  app.deps.db.select().from(tickets).where(eq(tickets.companyId, companyId));
const contactsOf = (companyId: number) =>
  app.deps.db.select().from(contacts).where(eq(contacts.companyId, companyId));

/** The customer writes first, as Meta delivers it: the conversation the API then answers. */
async function customerWrites(tenant: { phoneNumberId: string }, from: string, text: string) {
  const { payload } = cloudMessage(from, cloudText(text), { phoneNumberId: tenant.phoneNumberId });
  expect((await meta.webhook(payload)).status).toBe(200);
}

describe('POST /api/messages/send', () => {
  test('a text reaches the customer who wrote, on their own ticket, however the number is typed', async () => {
    const tenant = await createCloudTenant(meta);
    await customerWrites(tenant, '5511987650001', 'Oi, vocês abrem sábado?');

    const answer = await sendJson(tenant.connection.token, {
      number: '+55 (11) 98765-0001',
      body: 'Abrimos das 9h às 13h.',
    });

    expect(answer.status).toBe(200);
    const [ticket] = await ticketsOf(tenant.companyId);
    expect(await ticketsOf(tenant.companyId)).toHaveLength(1);
    expect(answer.body).toMatchObject({ ticketId: ticket?.id, ticketUuid: ticket?.uuid });
    const sent = await waitFor(
      async () => fake.accepted().filter((c) => (c.body as { to?: string }).to === '5511987650001'),
      (calls) => calls.length === 1,
    );
    expect(sent[0]?.body).toMatchObject({ type: 'text', text: { body: 'Abrimos das 9h às 13h.' } });
    const stored = await waitFor(
      () => messagesOf(tenant.companyId),
      (rows) => rows.some((m) => m.fromMe && m.ack >= 1),
    );
    const reply = stored.find((m) => m.fromMe);
    expect(reply).toMatchObject({ kind: 'api', userId: null, ticketId: ticket?.id });
    expect(answer.body.messageIds).toEqual([reply?.id]);
  });

  test('a new number gets one contact and one waiting ticket, which a second call reuses', async () => {
    const tenant = await createCloudTenant(meta);
    const number = newNumber();

    const first = await sendJson(tenant.connection.token, { number, body: 'Seu pedido saiu.' });
    const second = await sendJson(tenant.connection.token, { number: Number(number), body: 'Chega hoje.' });

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.contactId).toBe(first.body.contactId);
    expect(second.body.ticketId).toBe(first.body.ticketId);
    expect(await contactsOf(tenant.companyId)).toMatchObject([
      { number, channel: 'whatsappapi', name: number },
    ]);
    expect(await ticketsOf(tenant.companyId)).toMatchObject([{ status: 'pending', userId: null }]);
    expect((await messagesOf(tenant.companyId)).map((m) => m.body)).toEqual([
      'Seu pedido saiu.',
      'Chega hoje.',
    ]);
  });

  test('userId and queueId open the conversation for that user in that queue, signed with their name', async () => {
    const tenant = await createCloudTenant(meta);
    const agent = await createUser(app, tenant.companyId, { name: 'Marta' });
    const queue = await createQueue(app, tenant.companyId, [agent]);

    const answer = await sendJson(tenant.connection.token, {
      number: newNumber(),
      body: 'Posso ajudar?',
      userId: agent.id,
      queueId: String(queue.id),
      sendSignature: true,
    });

    expect(answer.status).toBe(200);
    expect(await ticketsOf(tenant.companyId)).toMatchObject([
      { status: 'open', userId: agent.id, queueId: queue.id },
    ]);
    expect(await messagesOf(tenant.companyId)).toMatchObject([
      { body: '*Marta:*\nPosso ajudar?', userId: agent.id, queueId: queue.id },
    ]);
  });

  test("another company's user or queue is not found, and nothing is stored", async () => {
    const tenant = await createCloudTenant(meta);
    const other = await createTenant(app);
    const theirQueue = await createQueue(app, other.companyId);

    const byUser = await sendJson(tenant.connection.token, {
      number: newNumber(),
      body: 'Olá',
      userId: other.admin.id,
    });
    const byQueue = await sendJson(tenant.connection.token, {
      number: newNumber(),
      body: 'Olá',
      queueId: theirQueue.id,
    });

    expect(byUser).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(byQueue).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUEUE_FOUND' } });
    expect(await contactsOf(tenant.companyId)).toHaveLength(0);
    expect(await ticketsOf(other.companyId)).toHaveLength(0);
  });

  test('a missing or unknown token is refused, and a session token is not a connection token', async () => {
    const tenant = await createCloudTenant(meta);
    const body = { number: newNumber(), body: 'Olá' };

    const missing = await sendJson(undefined, body);
    const unknown = await sendJson(randomUUID().replaceAll('-', '').slice(0, 30).toUpperCase(), body);
    const session = await sendJson(tenant.admin.token, body);

    for (const answer of [missing, unknown, session])
      expect(answer).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect(await contactsOf(tenant.companyId)).toHaveLength(0);
  });

  test('wrong tokens from one address are refused after 20 in the window, even a right one', async () => {
    const tenant = await createCloudTenant(meta);
    const guess = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/messages/send',
        remoteAddress: '203.0.113.77',
        headers: { authorization: `Bearer ${token}` },
        payload: { number: newNumber(), body: 'Olá' },
      });

    for (let attempt = 0; attempt < 20; attempt++)
      expect((await guess(`WRONG${attempt}`)).statusCode).toBe(401);
    const refused = await guess(tenant.connection.token);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'ERR_TOO_MANY_ATTEMPTS' });
  });

  test('a plan without useExternalApi is refused', async () => {
    const tenant = await createCloudTenant(meta);
    await app.deps.db.update(plans).set({ useExternalApi: false }).where(eq(plans.id, tenant.planId));

    const answer = await sendJson(tenant.connection.token, { number: newNumber(), body: 'Olá' });

    expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(await contactsOf(tenant.companyId)).toHaveLength(0);
  });

  test('a company past its due date is refused', async () => {
    const tenant = await createCloudTenant(meta);
    await setDueDate(app, tenant.companyId, '2020-01-01');

    const answer = await sendJson(tenant.connection.token, { number: newNumber(), body: 'Olá' });

    expect(answer).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
  });

  test('a connection past 120 calls in the minute is refused until the window passes', async () => {
    const tenant = await createCloudTenant(meta);
    await app.deps.db
      .insert(rateLimits)
      .values({ key: `api:sends:${tenant.connection.id}`, count: 120, windowStart: new Date() });

    const answer = await sendJson(tenant.connection.token, { number: newNumber(), body: 'Olá' });

    expect(answer).toMatchObject({ status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } });
    expect(await contactsOf(tenant.companyId)).toHaveLength(0);
  });

  test('bad input answers 400 with the field: number, text, signature without a user', async () => {
    const tenant = await createCloudTenant(meta);
    const token = tenant.connection.token;

    const badNumber = await sendJson(token, { number: '12', body: 'Olá' });
    const noText = await sendJson(token, { number: newNumber(), body: '  ' });
    const unsigned = await sendJson(token, { number: newNumber(), body: 'Olá', sendSignature: true });
    const notAnObject = await sendJson(token, ['Olá']);

    expect(badNumber).toMatchObject({ status: 400, body: { fields: { number: 'invalidPhone' } } });
    expect(noText).toMatchObject({ status: 400, body: { fields: { body: 'required' } } });
    expect(unsigned).toMatchObject({ status: 400, body: { fields: { userId: 'required' } } });
    expect(notAnObject).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await contactsOf(tenant.companyId)).toHaveLength(0);
  });

  test('a connection that does not reach phone numbers refuses the call', async () => {
    const tenant = await createTenant(app);
    const token = randomUUID().replaceAll('-', '').slice(0, 30).toUpperCase();
    await app.deps.db
      .insert(connections)
      .values({ companyId: tenant.companyId, name: 'Site', channel: 'webchat', token });

    const answer = await sendJson(token, { number: newNumber(), body: 'Olá' });

    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_RECIPIENT_UNAVAILABLE' } });
  });

  test('a multipart file is stored and sent as media, captioned with the body', async () => {
    const tenant = await createCloudTenant(meta);
    const number = '5511987650002';
    await customerWrites(tenant, number, 'Manda a foto do produto');

    const answer = await sendMultipart(
      tenant.connection.token,
      { number, body: 'Aqui está' },
      { name: 'produto.png', bytes: PNG },
    );

    expect(answer.statusCode).toBe(200);
    const [stored] = (await messagesOf(tenant.companyId)).filter((m) => m.fromMe);
    expect(stored).toMatchObject({ body: 'Aqui está', mediaType: 'image', mediaName: 'produto.png' });
    expect((await app.deps.storage.read(stored?.mediaPath ?? ''))?.size).toBe(PNG.length);
    const sent = await waitFor(
      async () => fake.accepted().filter((c) => (c.body as { to?: string }).to === number),
      (calls) => calls.length === 1,
    );
    expect(sent[0]?.body).toMatchObject({ type: 'image', image: { caption: 'Aqui está' } });
  });

  test('a file whose bytes are not what it claims is refused before anything is stored', async () => {
    const tenant = await createCloudTenant(meta);

    const answer = await sendMultipart(
      tenant.connection.token,
      { number: newNumber() },
      { name: 'foto.png', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') },
    );
    const noFileNoText = await sendMultipart(tenant.connection.token, { number: newNumber() });

    expect(answer.statusCode).toBe(415);
    expect(noFileNoText.statusCode).toBe(400);
    expect(await contactsOf(tenant.companyId)).toHaveLength(0);
  });

  test('an integration holding the conversation hands it over to the queue the reply names', async () => {
    const tenant = await createCloudTenant(meta);
    const queue = await createQueue(app, tenant.companyId);
    const number = newNumber();
    const first = await sendJson(tenant.connection.token, { number, body: 'Olá' });
    await app.deps.db
      .update(tickets)
      .set({ useIntegration: true })
      .where(and(eq(tickets.companyId, tenant.companyId), eq(tickets.id, first.body.ticketId)));

    const reply = await sendJson(tenant.connection.token, {
      number,
      body: 'Um atendente já vem',
      queueId: queue.id,
    });

    expect(reply.body.ticketId).toBe(first.body.ticketId);
    expect(await ticketsOf(tenant.companyId)).toMatchObject([
      { status: 'pending', queueId: queue.id, useIntegration: false },
    ]);
  });

  test('the new conversation and its message reach those who may open it, and no other company', async () => {
    const tenant = await createCloudTenant(meta);
    const other = await createTenant(app);
    const outsider = await createUser(app, tenant.companyId);
    const queue = await createQueue(app, tenant.companyId);
    await createQueue(app, tenant.companyId, [outsider]);
    const admin = await listen(tenant.admin.token);
    const attendant = await listen(outsider.token);
    const stranger = await listen(other.admin.token);
    const adminMessages = collect<{ message: { body: string } }>(admin, events.appMessage(tenant.companyId));
    const adminTickets = collect(admin, events.ticket(tenant.companyId));
    const attendantMessages = collect(attendant, events.appMessage(tenant.companyId));
    const strangerMessages = collect(stranger, events.appMessage(tenant.companyId));

    const answer = await sendJson(tenant.connection.token, {
      number: newNumber(),
      body: 'Olá',
      queueId: queue.id,
    });

    expect(answer.status).toBe(200);
    await waitFor(
      async () => adminMessages.length,
      (count) => count > 0,
      5000,
    );
    expect(adminMessages[0]?.message.body).toBe('Olá');
    expect(adminTickets.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attendantMessages).toHaveLength(0);
    expect(strangerMessages).toHaveLength(0);
  });
});
