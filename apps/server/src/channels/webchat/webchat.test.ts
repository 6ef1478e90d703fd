import { events, WEBCHAT_NAMESPACE, webchatEvents } from '@balcao/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { listenForSockets } from '../../../test/sockets.js';
import { contactCustomFields, contacts, messages, tickets } from '../../db/schema/index.js';

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

async function firstTicket(token: string, status = 'pending') {
  const { body } = await call(app, 'GET', `/tickets?status=${status}`, { token });
  return body.tickets[0] as { id: number; contactId: number; connectionId: number };
}

/** An attendant's reply as it stands once it reached the visitor's screen (ack 2, delivered). */
async function shownReply(
  ticket: { id: number; contactId: number; connectionId: number },
  companyId: number,
) {
  const [row] = await app.deps.db
    .insert(messages)
    .values({
      companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      body: 'resposta',
      fromMe: true,
      ack: 2,
    })
    .returning();
  return row?.id as number;
}

const unfinishedSends = async () =>
  (
    await app.deps.db
      .select({ n: count() })
      .from(messages)
      .where(inArray(messages.sendState, ['pending', 'sending', 'retrying', 'unknown']))
  )[0]?.n;

const ackOf = async (id: number) =>
  (await app.deps.db.select({ ack: messages.ack }).from(messages).where(eq(messages.id, id)))[0]?.ack;

describe('the visitor side', () => {
  test("the visitor's phone is kept, and a phone already known never joins two visitors", async () => {
    const { tenant, connection, visitor } = await setUp();
    await emit(visitor, webchatEvents.start, { name: 'Fábio Fone', phone: '(11) 98765-4321' });
    const other = await open(WEBCHAT_NAMESPACE, { token: connection.token });
    const second = await emit<{ ok: boolean }>(other, webchatEvents.start, {
      name: 'Outro',
      phone: '11 98765 4321',
    });

    const rows = await app.deps.db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number })
      .from(contacts)
      .where(eq(contacts.companyId, tenant.companyId));
    expect(second.ok).toBe(true);
    expect(rows.find((c) => c.name === 'Fábio Fone')?.number).toBe('11987654321');
    const outro = rows.find((c) => c.name === 'Outro');
    expect(outro?.number).toBeNull();
    const extra = await app.deps.db
      .select({ name: contactCustomFields.name, value: contactCustomFields.value })
      .from(contactCustomFields)
      .where(eq(contactCustomFields.contactId, outro?.id as number));
    expect(extra).toEqual([{ name: 'phone', value: '11987654321' }]);
  });

  test('is told when the conversation is closed, and on return sees only that conversation, closed', async () => {
    const { tenant, connection, visitor } = await setUp();
    const closedEvents: unknown[] = [];
    visitor.on(webchatEvents.closed, () => closedEvents.push(true));
    const credentials = await emit<{ visitorId: string; secret: string }>(visitor, webchatEvents.start, {
      name: 'Clara Fim',
    });
    await emit(visitor, webchatEvents.send, { body: 'primeira conversa', clientId: 'conversation-1' });
    const first = await firstTicket(tenant.admin.token);
    await call(app, 'PUT', `/tickets/${first.id}`, { token: tenant.admin.token, body: { status: 'open' } });

    await call(app, 'PUT', `/tickets/${first.id}`, { token: tenant.admin.token, body: { status: 'closed' } });

    await until(() => closedEvents[0]);
    type Session = { messages: { body: string }[]; closed: boolean };
    let session: Session | undefined;
    const again = await live.connect(
      { token: connection.token, ...credentials },
      WEBCHAT_NAMESPACE,
      (socket) =>
        socket.on(webchatEvents.session, (value) => {
          session = value;
        }),
    );
    await until(() => session);
    expect(session?.closed).toBe(true);
    expect(session?.messages.map((m) => m.body)).toContain('primeira conversa');

    await emit(again, webchatEvents.send, { body: 'segunda conversa', clientId: 'conversation-2' });
    session = undefined;
    await live.connect({ token: connection.token, ...credentials }, WEBCHAT_NAMESPACE, (socket) =>
      socket.on(webchatEvents.session, (value) => {
        session = value;
      }),
    );
    const returned = (await until(() => session)) as Session;
    expect(returned.closed).toBe(false);
    expect(returned.messages.map((m) => m.body)).toContain('segunda conversa');
    expect(returned.messages.map((m) => m.body)).not.toContain('primeira conversa');
  });

  test("reading the chat raises the acks of the visitor's current conversation only", async () => {
    const { tenant, visitor } = await setUp();
    await emit(visitor, webchatEvents.start, { name: 'Leo Leitor' });
    await emit(visitor, webchatEvents.send, { body: 'antes', clientId: 'earlier-001' });
    const earlier = await firstTicket(tenant.admin.token);
    const earlierReply = await shownReply(earlier, tenant.companyId);
    await app.deps.db
      .update(tickets)
      .set({ status: 'closed', closedAt: new Date() })
      .where(and(eq(tickets.companyId, tenant.companyId), eq(tickets.id, earlier.id)));
    await emit(visitor, webchatEvents.send, { body: 'agora', clientId: 'current-001' });
    const current = await firstTicket(tenant.admin.token);
    const currentReply = await shownReply(current, tenant.companyId);
    const someoneElse = await setUp();
    await emit(someoneElse.visitor, webchatEvents.start, { name: 'Alheio' });
    await emit(someoneElse.visitor, webchatEvents.send, { body: 'meu', clientId: 'elsewhere-01' });
    const elsewhere = await firstTicket(someoneElse.tenant.admin.token);
    const elsewhereReply = await shownReply(elsewhere, someoneElse.tenant.companyId);

    visitor.emit(webchatEvents.read);

    expect(current.id).not.toBe(earlier.id);
    await until(async () => ((await ackOf(currentReply)) === 3 ? true : undefined));
    expect(await ackOf(earlierReply)).toBe(2);
    expect(await ackOf(elsewhereReply)).toBe(2);
  });

  test('a burst of read reports reaches the database a bounded number of times', async () => {
    const { tenant, visitor } = await setUp();
    await emit(visitor, webchatEvents.start, { name: 'Rafa Rajada' });
    await emit(visitor, webchatEvents.send, { body: 'oi', clientId: 'burst-00001' });
    const reply = await shownReply(await firstTicket(tenant.admin.token), tenant.companyId);
    // The visitor sees the reply before its delivery stores ack 1: that update is not a read report's.
    await until(async () => (((await ackOf(reply)) ?? 0) >= 1 ? true : undefined));
    // Nor are the outbox's steps for what bots sent, nor the last throttled read report of an earlier test
    // (up to one interval late): on a busy machine they may still be due when the burst starts.
    await until(async () => ((await unfinishedSends()) === 0 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const updates = vi.spyOn(app.deps.db, 'update');
    try {
      const startedAt = Date.now();
      for (let i = 0; i < 2000; i++) visitor.emit(webchatEvents.read);
      await until(async () => ((await ackOf(reply)) === 3 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 2500));

      // One statement at once, then at most one per 2-second interval while reports keep arriving.
      // Only updates of messages count: the app's sweeps and jobs update other tables meanwhile.
      const intervals = Math.ceil((Date.now() - startedAt) / 2000);
      const ackUpdates = updates.mock.calls.filter(([table]) => table === messages);
      expect(ackUpdates.length).toBeLessThanOrEqual(intervals + 1);
    } finally {
      updates.mockRestore();
    }
  });
});

describe('bad input on the chat socket', () => {
  test('NUL bytes are refused as bad input, never a server error', async () => {
    const { connection, visitor } = await setUp();

    await expect(open(WEBCHAT_NAMESPACE, { token: `${connection.token}\u0000` })).rejects.toThrow(
      'ERR_NO_WAPP_FOUND',
    );
    const start = await emit<{ ok: boolean; error?: string }>(visitor, webchatEvents.start, {
      name: 'Nu\u0000l',
    });
    await emit(visitor, webchatEvents.start, { name: 'Nula Nunes' });
    const send = await emit<{ ok: boolean; error?: string }>(visitor, webchatEvents.send, {
      body: 'oi\u0000',
      clientId: 'nul-client-1',
    });
    const clientId = await emit<{ ok: boolean; error?: string }>(visitor, webchatEvents.send, {
      body: 'oi',
      clientId: 'nul-\u0000-client',
    });
    const returning = await open(WEBCHAT_NAMESPACE, {
      token: connection.token,
      visitorId: 'x\u0000',
      secret: 'y\u0000',
    });

    for (const answer of [start, send, clientId])
      expect(answer).toMatchObject({ ok: false, error: 'ERR_VALIDATION' });
    expect(returning.connected).toBe(true);
  });
});

describe('floods', () => {
  test('one visitor sending too fast is refused with a catalogue code', async () => {
    const { visitor } = await setUp();
    await emit(visitor, webchatEvents.start, { name: 'Flávio Flood' });

    const answers: { ok: boolean; error?: string }[] = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await emit(visitor, webchatEvents.send, { body: `msg ${i}`, clientId: `flood-${i}-xxxx` }),
      );
    }

    expect(answers.slice(0, 30).every((a) => a.ok)).toBe(true);
    expect(answers[30]).toEqual({ ok: false, error: 'ERR_TOO_MANY_REQUESTS' });
  });

  test('a flood from one socket stops reaching the database', async () => {
    const { visitor } = await setUp();
    await emit(visitor, webchatEvents.start, { name: 'Flora Flood' });
    const send = (i: number) =>
      emit<{ ok: boolean; error?: string }>(visitor, webchatEvents.send, {
        body: 'x',
        clientId: `socket-flood-${i}`,
      });
    for (let i = 0; i < 60; i++) await send(i);

    const inserts = vi.spyOn(app.deps.db, 'insert');
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(100 + i)));

      expect(answers.every((a) => a.error === 'ERR_TOO_MANY_REQUESTS')).toBe(true);
      expect(inserts).not.toHaveBeenCalled();
    } finally {
      inserts.mockRestore();
    }
  });

  test('messages a visitor sends in quick sequence on one socket are stored in that order', async () => {
    const { tenant, visitor } = await setUp();
    await emit(visitor, webchatEvents.start, { name: 'Rápida' });

    const written: string[] = [];
    for (let burst = 1; burst <= 4; burst++) {
      const bodies = Array.from({ length: 5 }, (_, i) => `rajada ${burst}.${i + 1}`);
      written.push(...bodies);
      // Emitted without waiting for each answer, as a visitor typing fast does.
      const answers = await Promise.all(
        bodies.map((body, i) =>
          emit<{ ok: boolean }>(visitor, webchatEvents.send, { body, clientId: `burst-${burst}-${i}` }),
        ),
      );
      expect(answers.every((answer) => answer.ok)).toBe(true);
    }

    const stored = await app.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.companyId, tenant.companyId), eq(messages.fromMe, false)))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    expect(stored.map((row) => row.body)).toEqual(written);
  });

  test('one address opening visitor after visitor is refused past the limit', async () => {
    const { connection, visitor } = await setUp();

    const answers: { ok: boolean; error?: string }[] = [];
    for (let i = 0; i < 11; i++) answers.push(await emit(visitor, webchatEvents.start, { name: `Bot ${i}` }));

    expect(answers.slice(0, 10).every((a) => a.ok)).toBe(true);
    expect(answers[10]).toEqual({ ok: false, error: 'ERR_TOO_MANY_REQUESTS' });
    const fresh = await open(WEBCHAT_NAMESPACE, { token: connection.token });
    expect(await emit(fresh, webchatEvents.start, { name: 'Mais um' })).toEqual({
      ok: false,
      error: 'ERR_TOO_MANY_REQUESTS',
    });
    // Past twice the limit, the socket's own count refuses without a database statement.
    for (let i = 11; i < 20; i++) await emit(visitor, webchatEvents.start, { name: `Bot ${i}` });
    const inserts = vi.spyOn(app.deps.db, 'insert');
    try {
      expect(await emit(visitor, webchatEvents.start, { name: 'Bot 20' })).toEqual({
        ok: false,
        error: 'ERR_TOO_MANY_REQUESTS',
      });
      expect(inserts).not.toHaveBeenCalled();
    } finally {
      inserts.mockRestore();
    }
  });
});
