import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { botCompany, fakeClock } from '../../test/conversation.js';
import { createUser } from '../../test/fixtures.js';
import { connections } from '../db/schema/index.js';
import { runInboxSweep } from './timers.js';

const app = await createTestApp();
afterAll(() => app.close());

const sweep = () => runInboxSweep(app.deps);

describe('inactivity and auto-close', () => {
  async function openConversation(clock: ReturnType<typeof fakeClock>, whenExpiresTicket: string) {
    const bot = await botCompany(app, {
      greetingMessage: '',
      timeInactiveMessage: 10,
      inactiveMessage: 'Ainda está aí?',
      expiresTicket: 20,
      expiresInactiveMessage: 'Encerramos por inatividade.',
      whenExpiresTicket,
    });
    const customer = bot.customer();
    await customer.says('Oi');
    const ticket = await customer.ticket();
    const token = bot.tenant.admin.token;
    await call(app, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } });
    clock.advanceMinutes(1);
    await call(app, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Como posso ajudar?' } });
    await customer.received();
    return { bot, customer };
  }

  test('the attendant spoke last: warned once after timeInactiveMessage, closed expiresTicket later', async () => {
    const clock = fakeClock(app, '2026-03-02T15:00:00Z');
    const { customer } = await openConversation(clock, '1');

    clock.advanceMinutes(9);
    await sweep();
    expect(await customer.received()).toEqual([]);
    clock.advanceMinutes(2);
    await sweep();
    await sweep();
    expect(await customer.received()).toEqual(['Ainda está aí?']);
    expect(await customer.ticket()).toMatchObject({ status: 'open', sendInactiveMessage: true });

    clock.advanceMinutes(18);
    await sweep();
    expect(await customer.received()).toEqual([]);
    clock.advanceMinutes(1);
    await sweep();
    expect(await customer.received()).toEqual(['Encerramos por inatividade.']);
    expect(await customer.ticket()).toMatchObject({ status: 'closed' });
    expect((await customer.logs()).at(-1)).toMatchObject({ type: 'autoClose', userId: null });
  });

  test('whenExpiresTicket "1" leaves alone a conversation where the customer spoke last; a reply re-arms the warning', async () => {
    const clock = fakeClock(app, '2026-03-02T15:00:00Z');
    const { customer } = await openConversation(clock, '1');
    clock.advanceMinutes(11);
    await sweep();
    expect(await customer.received()).toEqual(['Ainda está aí?']);

    await customer.says('Estou sim');
    expect(await customer.ticket()).toMatchObject({ sendInactiveMessage: false });
    clock.advanceMinutes(60);
    await sweep();
    expect(await customer.received()).toEqual([]);
    expect(await customer.ticket()).toMatchObject({ status: 'open' });
  });

  test('whenExpiresTicket "0" acts when the customer spoke last', async () => {
    const clock = fakeClock(app, '2026-03-02T15:00:00Z');
    const { customer } = await openConversation(clock, '0');
    clock.advanceMinutes(60);
    await sweep();
    expect(await customer.received()).toEqual([]);

    await customer.says('Preciso de ajuda');
    clock.advanceMinutes(31);
    await sweep();
    expect(await customer.received()).toEqual(['Encerramos por inatividade.']);
    expect(await customer.ticket()).toMatchObject({ status: 'closed' });
  });
});

describe('routing', () => {
  test('the router offers the ticket to the least busy online member, then rotates every tempoRoteador minutes', async () => {
    const clock = fakeClock(app, '2026-03-02T15:00:00Z'); // 12:00 in São Paulo
    const bot = await botCompany(app, { greetingMessage: '' });
    const queue = await bot.queue('Suporte', { ativarRoteador: true, tempoRoteador: 5 });
    const ana = await createUser(app, bot.companyId, { name: 'Ana', online: true });
    const bia = await createUser(app, bot.companyId, { name: 'Bia', online: true });
    const caio = await createUser(app, bot.companyId, { name: 'Caio', online: false });
    const dani = await createUser(app, bot.companyId, {
      name: 'Dani',
      online: true,
      startWork: '18:00',
      endWork: '23:00',
    });
    for (const user of [ana, bia, caio, dani]) await bot.serve(user.id, queue.id);
    const customer = bot.customer();

    await customer.says('Oi');
    expect(await customer.ticket()).toMatchObject({ status: 'pending', queueId: queue.id, userId: ana.id });
    clock.advanceMinutes(4);
    await sweep();
    expect(await customer.ticket()).toMatchObject({ userId: ana.id });
    clock.advanceMinutes(2);
    await sweep();
    expect(await customer.ticket()).toMatchObject({ userId: bia.id });
    clock.advanceMinutes(6);
    await sweep();
    expect(await customer.ticket()).toMatchObject({ userId: ana.id, status: 'pending' });
    expect((await customer.logs()).filter((l) => l.type === 'route').map((l) => l.userId)).toEqual([
      ana.id,
      bia.id,
      ana.id,
    ]);

    const accepted = await call(app, 'PUT', `/tickets/${(await customer.ticket()).id}`, {
      token: ana.token,
      body: { status: 'open' },
    });
    expect(accepted.body).toMatchObject({ status: 'open', userId: ana.id });
    clock.advanceMinutes(10);
    await sweep();
    expect(await customer.ticket()).toMatchObject({ userId: ana.id, status: 'open' });
  });

  test('userRandom gives a queue’s ticket to an online member', async () => {
    fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await botCompany(app, { greetingMessage: '' });
    const queue = await bot.queue('Vendas');
    const online = await createUser(app, bot.companyId, { online: true });
    const offline = await createUser(app, bot.companyId, { online: false });
    await bot.serve(online.id, queue.id);
    await bot.serve(offline.id, queue.id);
    await bot.setting('userRandom', 'enabled');
    const customer = bot.customer();

    await customer.says('Oi');
    expect(await customer.ticket()).toMatchObject({
      queueId: queue.id,
      userId: online.id,
      status: 'pending',
    });
  });

  test('a ticket still without a queue after timeSendQueue minutes moves to sendIdQueue', async () => {
    const clock = fakeClock(app, '2026-03-02T15:00:00Z');
    const bot = await botCompany(app);
    await bot.queue('Vendas');
    await bot.queue('Suporte');
    const triagem = await bot.queue('Triagem', {}, false);
    await app.deps.db
      .update(connections)
      .set({ timeSendQueue: 5, sendIdQueue: triagem.id })
      .where(eq(connections.id, bot.connection.id));
    const customer = bot.customer();
    await customer.says('Oi');

    clock.advanceMinutes(4);
    await sweep();
    expect(await customer.ticket()).toMatchObject({ queueId: null });
    clock.advanceMinutes(2);
    await sweep();
    expect(await customer.ticket()).toMatchObject({ queueId: triagem.id, isBot: false, status: 'pending' });
    expect((await customer.logs()).at(-1)).toMatchObject({ type: 'queue', queueId: triagem.id });
  });
});

test('within timeCreateNewTicket minutes of closing, a message continues the same ticket; later it starts a new one', async () => {
  const clock = fakeClock(app, '2026-03-02T15:00:00Z');
  const bot = await botCompany(app, { greetingMessage: 'Olá!', timeCreateNewTicket: 10 });
  const customer = bot.customer();
  await customer.says('Oi');
  const first = await customer.ticket();
  const token = bot.tenant.admin.token;
  await call(app, 'PUT', `/tickets/${first.id}`, { token, body: { status: 'open' } });
  await call(app, 'PUT', `/tickets/${first.id}`, { token, body: { status: 'closed' } });
  await customer.received();

  clock.advanceMinutes(9);
  expect(await customer.says('Esqueci uma coisa')).toEqual([]);
  expect(await customer.ticket()).toMatchObject({ id: first.id, status: 'pending', userId: null });
  await call(app, 'PUT', `/tickets/${first.id}`, { token, body: { status: 'open' } });
  await call(app, 'PUT', `/tickets/${first.id}`, { token, body: { status: 'closed' } });
  await customer.received();

  clock.advanceMinutes(11);
  expect(await customer.says('Oi de novo')).toEqual(['Olá!']);
  expect((await customer.ticket()).id).not.toBe(first.id);
});
