import { events, type PresenceEvent, WEBCHAT_NAMESPACE, webchatEvents } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { messages, queues, tickets, userQueues } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

const emit = <T>(socket: Socket, event: string, body: unknown) =>
  new Promise<T>((resolve) => socket.emit(event, body, (answer: T) => resolve(answer)));

async function until<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function form(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----widget';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, 'content-type': `multipart/form-data; boundary=${boundary}` };
}

/** A visitor who started a conversation, the admin watching, and the ticket it opened. */
async function conversation() {
  const tenant = await createTenant(app);
  const { body: connection } = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: 'Site', channel: 'webchat' },
  });
  const agent = await live.connect({ token: tenant.admin.token });
  const visitor = await live.connect({ token: connection.token }, WEBCHAT_NAMESPACE);
  const credentials = await emit<{ visitorId: string; secret: string }>(visitor, webchatEvents.start, {
    name: 'Vera Visitante',
  });
  await emit(visitor, webchatEvents.send, { body: 'Oi', clientId: 'first-message-1' });
  const ticket = await until(async () => {
    const [row] = await app.deps.db.select().from(tickets).where(eq(tickets.connectionId, connection.id));
    return row;
  });
  return { tenant, connection, agent, visitor, credentials, ticket };
}

function upload(
  token: string,
  credentials: { visitorId: string; secret: string },
  clientId: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const { payload, ...headers } = form({ clientId }, file);
  return app.inject({
    method: 'POST',
    url: `/webchat/${token}/media`,
    payload,
    headers: { ...headers, 'x-visitor-id': credentials.visitorId, 'x-visitor-secret': credentials.secret },
  });
}

describe('attachments on the website chat', () => {
  test("the visitor's document reaches the attendant, who opens it", async () => {
    const { connection, agent, credentials, ticket, tenant } = await conversation();
    const seen = collect<{ message: { mediaUrl: string; mediaName: string } }>(
      agent,
      events.appMessage(tenant.companyId),
    );
    // The session answer comes once the tab sits in the visitor's room.
    let joined: Promise<unknown> = Promise.resolve();
    const otherTab = await live.connect(
      { token: connection.token, ...credentials },
      WEBCHAT_NAMESPACE,
      (socket) => {
        joined = new Promise((resolve) => socket.once(webchatEvents.session, resolve));
      },
    );
    const otherTabSaw = collect<{ media: { name: string } | null }>(otherTab, webchatEvents.message);
    await joined;

    const sent = await upload(connection.token, credentials, 'doc-000001', {
      name: 'orcamento.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });

    expect(sent.statusCode).toBe(201);
    expect(sent.json().media).toMatchObject({ type: 'application', name: 'orcamento.pdf' });
    await until(() => otherTabSaw.find((m) => m.media?.name === 'orcamento.pdf'));
    const event = await until(() => seen.find((e) => e.message.mediaName === 'orcamento.pdf'));
    const file = await app.inject({ method: 'GET', url: event.message.mediaUrl });
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const { body } = await call(app, 'GET', `/messages/${ticket.id}`, { token: tenant.admin.token });
    expect(body.messages.at(-1)).toMatchObject({ fromMe: false, mediaType: 'application' });
  });

  test('a forged secret or a disguised file is refused and nothing is stored', async () => {
    const { connection, credentials, ticket } = await conversation();
    const count = async () =>
      (await app.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).length;
    const before = await count();

    const forged = await upload(connection.token, { ...credentials, secret: 'x'.repeat(40) }, 'doc-000002', {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const disguised = await upload(connection.token, credentials, 'doc-000003', {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'),
    });

    expect(forged.json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    expect(disguised.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    expect(await count()).toBe(before);
  });

  test("the attendant's image reaches the visitor with its link, and a reply shows what it quotes", async () => {
    const { visitor, ticket, tenant } = await conversation();
    await call(app, 'PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open' } });
    const toVisitor = collect<{
      media: { url: string; type: string } | null;
      quoted: { body: string } | null;
    }>(visitor, webchatEvents.message);
    const boundary = '----att';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await app.inject({
      method: 'POST',
      url: `/messages/${ticket.id}/media`,
      payload,
      headers: {
        authorization: `Bearer ${tenant.admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    const [first] = await app.deps.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticket.id))
      .orderBy(messages.id);
    await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'Respondendo', quotedMsgId: first?.id },
    });

    const image = await until(() => toVisitor.find((m) => m.media));
    expect(image.media?.type).toBe('image');
    const file = await app.inject({ method: 'GET', url: image.media?.url ?? '' });
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const reply = await until(() => toVisitor.find((m) => m.quoted));
    expect(reply.quoted?.body).toBe('Oi');
  });

  test("an attendant's reaction reaches the visitor", async () => {
    const { visitor, ticket, tenant } = await conversation();
    const changed = collect<{ reactions: string[] }>(visitor, webchatEvents.changed);
    const [first] = await app.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id));

    await call(app, 'POST', `/messages/${first?.id}/react`, {
      token: tenant.admin.token,
      body: { emoji: '👍' },
    });

    expect((await until(() => changed.at(-1))).reactions).toEqual(['👍']);
  });
});

describe('typing presence', () => {
  test('the visitor typing reaches the attendants who may open the ticket, and no one else', async () => {
    const { visitor, ticket, tenant } = await conversation();
    const [queue] = await app.deps.db
      .insert(queues)
      .values({ companyId: tenant.companyId, name: 'Suporte', color: '#222222' })
      .returning();
    await app.deps.db.update(tickets).set({ queueId: queue?.id }).where(eq(tickets.id, ticket.id));
    const member = await createUser(app, tenant.companyId);
    await app.deps.db.insert(userQueues).values({ userId: member.id, queueId: queue?.id as number });
    const outsider = await createUser(app, tenant.companyId);
    const memberSocket = await live.connect({ token: member.token });
    const outsiderSocket = await live.connect({ token: outsider.token });
    const memberSaw = collect<PresenceEvent>(memberSocket, events.presence(tenant.companyId));
    const outsiderSaw = collect<PresenceEvent>(outsiderSocket, events.presence(tenant.companyId));

    visitor.emit(webchatEvents.typing, true);

    expect(await until(() => memberSaw[0])).toEqual({
      ticketId: ticket.id,
      userId: null,
      state: 'composing',
    });
    await live.drain(outsiderSocket);
    expect(outsiderSaw).toEqual([]);
  });

  test('an attendant typing reaches the visitor and colleagues, never the attendant', async () => {
    const { agent, visitor, ticket, tenant } = await conversation();
    await call(app, 'PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open' } });
    const colleague = await createUser(app, tenant.companyId, { profile: 'admin' });
    const colleagueSocket = await live.connect({ token: colleague.token });
    const colleagueSaw = collect<PresenceEvent>(colleagueSocket, events.presence(tenant.companyId));
    const selfSaw = collect<PresenceEvent>(agent, events.presence(tenant.companyId));
    const visitorSaw = collect<{ state: string | null }>(visitor, webchatEvents.presence);

    agent.emit('typing', { ticketId: ticket.id, state: 'recording' });

    expect(await until(() => visitorSaw[0])).toEqual({ state: 'recording' });
    expect(await until(() => colleagueSaw[0])).toEqual({
      ticketId: ticket.id,
      userId: tenant.admin.id,
      state: 'recording',
    });
    await live.drain(agent);
    expect(selfSaw).toEqual([]);
  });

  test('typing on a ticket the user may not see reaches nobody', async () => {
    const { visitor, ticket, tenant } = await conversation();
    await call(app, 'PUT', `/tickets/${ticket.id}`, { token: tenant.admin.token, body: { status: 'open' } });
    const [queue] = await app.deps.db
      .insert(queues)
      .values({ companyId: tenant.companyId, name: 'Outra', color: '#333333' })
      .returning();
    await app.deps.db.update(tickets).set({ queueId: queue?.id }).where(eq(tickets.id, ticket.id));
    const outsider = await createUser(app, tenant.companyId);
    // A chat of the outsider's own, typed in next: its typing is relayed after the first was handled.
    const own = await createTicket(app, tenant.companyId, { status: 'open', userId: outsider.id });
    const outsiderSocket = await live.connect({ token: outsider.token });
    const adminSocket = await live.connect({ token: tenant.admin.token });
    const adminSaw = collect<PresenceEvent>(adminSocket, events.presence(tenant.companyId));
    const visitorSaw = collect(visitor, webchatEvents.presence);

    outsiderSocket.emit('typing', { ticketId: ticket.id, state: 'composing' });
    outsiderSocket.emit('typing', { ticketId: own.id, state: 'composing' });

    await until(() => adminSaw.find((event) => event.ticketId === own.id));
    expect(adminSaw.filter((event) => event.ticketId !== own.id)).toEqual([]);
    expect(visitorSaw).toEqual([]);
  });
});
