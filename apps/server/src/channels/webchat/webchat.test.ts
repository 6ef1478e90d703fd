import { events, WEBCHAT_NAMESPACE, webchatEvents } from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
const open = (namespace: string, auth: object) => live.connect(auth, namespace);

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

async function setUp() {
  const tenant = await createTenant(app);
  const { body: connection } = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: 'Site', channel: 'webchat', greetingMessage: 'Olá! Já vamos te atender.' },
  });
  const agent = await open('', { token: tenant.admin.token });
  agent.emit('joinNotification');
  const visitor = await open(WEBCHAT_NAMESPACE, { token: connection.token });
  const toVisitor: { body: string; fromVisitor: boolean; ack: number }[] = [];
  visitor.on(webchatEvents.message, (m) => toVisitor.push(m));
  return { tenant, connection, agent, visitor, toVisitor };
}

describe('a website chat conversation', () => {
  test('flows from the visitor to the attendant and back, live', async () => {
    const { tenant, connection, agent, visitor, toVisitor } = await setUp();
    const agentSaw: { message: { body: string } }[] = [];
    agent.on(events.appMessage(tenant.companyId), (e) => agentSaw.push(e));

    const started = await emit<{ ok: boolean; visitorId: string; secret: string }>(
      visitor,
      webchatEvents.start,
      { name: 'Paula Cliente' },
    );
    const sent = await emit<{ ok: boolean; id: number }>(visitor, webchatEvents.send, {
      body: 'Oi, preciso de ajuda',
      clientId: 'client-0001',
    });

    expect(started.ok).toBe(true);
    expect(sent.ok).toBe(true);
    const pending = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });
    expect(pending.body.tickets).toHaveLength(1);
    const ticket = pending.body.tickets[0];
    expect(ticket).toMatchObject({
      status: 'pending',
      channel: 'webchat',
      unreadMessages: 1,
      contact: { name: 'Paula Cliente' },
    });
    expect(ticket.whatsapp).toMatchObject({ id: connection.id, channel: 'webchat' });
    await until(() => agentSaw.find((e) => e.message.body === 'Oi, preciso de ajuda'));
    await until(() => toVisitor.find((m) => m.body === 'Olá! Já vamos te atender.'));

    const accepted = await call(app, 'PUT', `/tickets/${ticket.id}`, {
      token: tenant.admin.token,
      body: { status: 'open' },
    });
    expect(accepted.body).toMatchObject({ status: 'open', userId: tenant.admin.id });

    const reply = await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'Claro! Como posso ajudar?' },
    });
    expect(reply).toMatchObject({ status: 201, body: { fromMe: true, ack: 0 } });
    const received = await until(() => toVisitor.find((m) => m.body === 'Claro! Como posso ajudar?'));
    expect(received).toMatchObject({ fromVisitor: false, ack: 2 });

    visitor.emit(webchatEvents.read);
    const thread = await until(async () => {
      const { body } = await call(app, 'GET', `/messages/${ticket.id}`, { token: tenant.admin.token });
      const last = body.messages.at(-1);
      return last?.ack === 3 ? body : undefined;
    });
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual([
      'Oi, preciso de ajuda',
      'Olá! Já vamos te atender.',
      'Claro! Como posso ajudar?',
    ]);
    expect(thread.ticket.unreadMessages).toBe(0);

    const closed = await call(app, 'PUT', `/tickets/${ticket.id}`, {
      token: tenant.admin.token,
      body: { status: 'closed' },
    });
    expect(closed.body.status).toBe('closed');
  });

  test('a message resent with the same client id is stored once', async () => {
    const { tenant, visitor } = await setUp();
    await emit(visitor, webchatEvents.start, { name: 'Rui Repetido' });

    await emit(visitor, webchatEvents.send, { body: 'uma vez', clientId: 'same-client-id' });
    await emit(visitor, webchatEvents.send, { body: 'uma vez', clientId: 'same-client-id' });

    const { body } = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });
    const thread = await call(app, 'GET', `/messages/${body.tickets[0].id}`, { token: tenant.admin.token });
    expect(thread.body.messages.filter((m: { body: string }) => m.body === 'uma vez')).toHaveLength(1);
  });

  test('a returning visitor continues the same contact and sees the conversation', async () => {
    const { tenant, connection, visitor } = await setUp();
    const credentials = await emit<{ visitorId: string; secret: string }>(visitor, webchatEvents.start, {
      name: 'Vera Volta',
    });
    await emit(visitor, webchatEvents.send, { body: 'primeira visita', clientId: 'first-visit-1' });
    visitor.disconnect();

    let session: { name: string; messages: { body: string }[] } | undefined;
    const again = await live.connect(
      { token: connection.token, visitorId: credentials.visitorId, secret: credentials.secret },
      WEBCHAT_NAMESPACE,
      (socket) =>
        socket.on(webchatEvents.session, (value) => {
          session = value;
        }),
    );
    await until(() => session);
    await emit(again, webchatEvents.send, { body: 'voltei', clientId: 'second-visit' });

    expect(session?.name).toBe('Vera Volta');
    expect(session?.messages.map((m) => m.body)).toContain('primeira visita');
    const { body } = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });
    expect(body.tickets).toHaveLength(1);
    expect(body.tickets[0].lastMessage).toBe('voltei');
  });

  test('a widget with an unknown token is refused, and a forged secret is a new visitor', async () => {
    const { connection } = await setUp();

    await expect(open(WEBCHAT_NAMESPACE, { token: 'X'.repeat(30) })).rejects.toThrow('ERR_NO_WAPP_FOUND');
    const forged = await open(WEBCHAT_NAMESPACE, {
      token: connection.token,
      visitorId: 'someone',
      secret: 'guess',
    });
    const answer = await emit<{ ok: boolean; error: string }>(forged, webchatEvents.send, {
      body: 'hi',
      clientId: 'forged-0001',
    });
    expect(answer).toEqual({ ok: false, error: 'ERR_SESSION_EXPIRED' });
  });
});

describe('tickets across companies', () => {
  test("another company's tickets and messages are not found", async () => {
    const { tenant, visitor } = await setUp();
    const other = await createTenant(app);
    await emit(visitor, webchatEvents.start, { name: 'Sigilo' });
    await emit(visitor, webchatEvents.send, { body: 'segredo', clientId: 'secret-0001' });
    const { body } = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });
    const id = body.tickets[0].id;

    const list = await call(app, 'GET', '/tickets?status=pending&showAll=true', { token: other.admin.token });
    const show = await call(app, 'GET', `/tickets/${id}`, { token: other.admin.token });
    const thread = await call(app, 'GET', `/messages/${id}`, { token: other.admin.token });
    const accept = await call(app, 'PUT', `/tickets/${id}`, {
      token: other.admin.token,
      body: { status: 'open' },
    });
    const send = await call(app, 'POST', `/messages/${id}`, {
      token: other.admin.token,
      body: { body: 'oi' },
    });

    expect(list.body.tickets).toEqual([]);
    for (const answer of [show, thread, accept, send]) {
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
    }
  });
});
