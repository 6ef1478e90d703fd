import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { botCompany, fakeClock } from '../../../test/conversation.js';
import { type CycleFacts, cycleSeeds, sp } from '../../../test/cycles.js';
import { createQueue, createTenant, createUser, type TestUser } from '../../../test/fixtures.js';
import { connectionStatusEvents } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const { connectionOf, contactOf, seedTicket } = cycleSeeds(app);

let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let dave: TestUser;
let erin: TestUser;
let queue1: { id: number };
let queue2: { id: number };
let pendingTicketId: number;
let openTicketId: number;

/**
 * Company A (São Paulo), the day 2026-03-09, hand-computed in docs/decisions.md's definitions:
 * T1 spans midnight, T2 is reopened twice (three cycles, the last still open), T3 was transferred
 * from alice to bob (the cycle is bob's, accepted when alice took it), T5 was closed unaccepted,
 * T6 was started by carol (nobody waited), T7 has a 1–5 answer (never counted), T8 is the day before.
 */
beforeAll(async () => {
  fakeClock(app, '2026-03-10T15:00:00Z');
  a = await createTenant(app, { timezone: 'America/Sao_Paulo' });
  b = await createTenant(app, { timezone: 'Asia/Tokyo' });
  alice = a.admin;
  bob = await createUser(app, a.companyId, { name: 'Bob', online: true });
  carol = await createUser(app, a.companyId, { name: 'Carol', showDashboard: 'enabled' });
  dave = await createUser(app, a.companyId, { name: 'Dave' });
  erin = await createUser(app, a.companyId, { name: 'Erin', allowRealTime: 'enabled' });
  queue1 = await createQueue(app, a.companyId, [bob]);
  queue2 = await createQueue(app, a.companyId, [bob]);
  const site = await connectionOf(a.companyId);
  const ticket = async (status: string, cycles: CycleFacts[], contactId?: number) =>
    seedTicket(a.companyId, site.id, contactId ?? (await contactOf(a.companyId)).id, status, cycles);

  await ticket('closed', [
    {
      queued: sp('2026-03-08T23:50'),
      accepted: sp('2026-03-08T23:55'),
      closed: sp('2026-03-09T00:20'),
      user: alice,
      rating: { rate: 10, at: sp('2026-03-09T00:30') },
    },
  ]);
  openTicketId = (
    await ticket('open', [
      {
        queued: sp('2026-03-09T09:00'),
        accepted: sp('2026-03-09T09:10'),
        closed: sp('2026-03-09T09:30'),
        user: bob,
        queueId: queue1.id,
        rating: { rate: 9, at: sp('2026-03-09T09:35') },
      },
      {
        queued: sp('2026-03-09T10:00'),
        accepted: sp('2026-03-09T10:20'),
        closed: sp('2026-03-09T10:40'),
        user: bob,
        queueId: queue1.id,
        rating: { rate: 7, at: sp('2026-03-09T10:45') },
      },
      { queued: sp('2026-03-09T11:00'), accepted: sp('2026-03-09T11:30'), user: bob, queueId: queue1.id },
    ])
  ).id;
  await ticket('closed', [
    {
      queued: sp('2026-03-09T13:00'),
      accepted: sp('2026-03-09T13:04'),
      closed: sp('2026-03-09T14:00'),
      user: bob,
      queueId: queue2.id,
      rating: { rate: 3, at: sp('2026-03-09T14:05') },
    },
  ]);
  pendingTicketId = (await ticket('pending', [{ queued: sp('2026-03-10T11:00') }])).id;
  const returning = await contactOf(a.companyId);
  await ticket(
    'closed',
    [
      {
        queued: sp('2026-03-08T11:00'),
        accepted: sp('2026-03-08T11:10'),
        closed: sp('2026-03-08T11:50'),
        user: alice,
        rating: { rate: 2, at: sp('2026-03-08T12:00') },
      },
    ],
    returning.id,
  );
  await ticket('closed', [{ queued: sp('2026-03-09T15:00'), closed: sp('2026-03-09T15:05') }], returning.id);
  await ticket('closed', [
    {
      queued: sp('2026-03-09T16:00'),
      accepted: sp('2026-03-09T16:00'),
      closed: sp('2026-03-09T16:30'),
      user: carol,
      rating: { rate: 8, at: sp('2026-03-09T16:35') },
    },
  ]);
  await ticket('closed', [
    {
      queued: sp('2026-03-09T16:50'),
      accepted: sp('2026-03-09T16:52'),
      closed: sp('2026-03-09T17:00'),
      user: carol,
      rating: { rate: 5, scale: 5, at: sp('2026-03-09T17:05') },
    },
  ]);
  // A group conversation is never waiting for an attendant.
  await ticket('group', [{ queued: sp('2026-03-09T12:00') }]);

  // Company B (Tokyo, UTC+9): 16:00Z on 03-09 is 01:00 on 03-10 there, and inside A's 03-09.
  const bSite = await connectionOf(b.companyId);
  await seedTicket(b.companyId, bSite.id, (await contactOf(b.companyId)).id, 'closed', [
    {
      queued: new Date('2026-03-09T16:00:00Z'),
      accepted: new Date('2026-03-09T16:05:00Z'),
      closed: new Date('2026-03-09T16:35:00Z'),
      user: b.admin,
      rating: { rate: 10, at: new Date('2026-03-09T16:40:00Z') },
    },
  ]);

  // Connected before the day, down 06:00–12:00 local (09:00Z–15:00Z), up again: 18 of 24 hours.
  await app.deps.db.insert(connectionStatusEvents).values([
    {
      companyId: a.companyId,
      connectionId: site.id,
      status: 'CONNECTED',
      createdAt: new Date('2026-03-08T20:00:00Z'),
    },
    {
      companyId: a.companyId,
      connectionId: site.id,
      status: 'DISCONNECTED',
      createdAt: new Date('2026-03-09T09:00:00Z'),
    },
    {
      companyId: a.companyId,
      connectionId: site.id,
      status: 'CONNECTED',
      createdAt: new Date('2026-03-09T15:00:00Z'),
    },
  ]);
});

const DAY = '/dashboard?date_from=2026-03-09&date_to=2026-03-09';

describe('GET /dashboard: figures of one company day', () => {
  test('counters: live waiting and served, closed cycles and chats, leads, average times', async () => {
    const { status, body } = await call(app, 'GET', DAY, { token: alice.token });
    expect(status).toBe(200);
    expect(body.period).toEqual({ from: '2026-03-09', to: '2026-03-09', timezone: 'America/Sao_Paulo' });
    expect(body.counters).toEqual({
      supportPending: 1,
      supportHappening: 1,
      supportFinished: 7,
      closedChats: 6,
      leads: 4,
      avgSupportTime: 26.5,
      avgWaitTime: 13.2,
      dueDate: '2999-01-01',
    });
  });

  test('attendants: closed cycles, ratings on the 0–10 scale, waits of what they accepted, online', async () => {
    const { body } = await call(app, 'GET', DAY, { token: alice.token });
    const byId = new Map<number, { rating: number }>(
      body.attendants.map((row: { id: number; rating: number }) => [row.id, row]),
    );
    expect(byId.get(alice.id)).toMatchObject({
      tickets: 1,
      avgSupportTime: 25,
      avgWaitTime: null,
      rating: 10,
      countRating: 1,
    });
    expect(byId.get(bob.id)).toMatchObject({
      name: 'Bob',
      tickets: 3,
      avgSupportTime: 32,
      avgWaitTime: 16,
      countRating: 3,
      online: true,
    });
    expect(byId.get(bob.id)?.rating).toBeCloseTo(19 / 3);
    expect(byId.get(carol.id)).toMatchObject({
      tickets: 2,
      avgSupportTime: 19,
      avgWaitTime: 2,
      rating: 8,
      countRating: 1,
      online: false,
    });
    expect(byId.get(dave.id)).toMatchObject({
      tickets: 0,
      avgSupportTime: null,
      avgWaitTime: null,
      rating: null,
      countRating: 0,
    });
    expect(body.attendants).toHaveLength(5);
    expect(body.featuredUserId).toBe(bob.id);
  });

  test('NPS: bands of the day, score, and the day before for the trend', async () => {
    const { body } = await call(app, 'GET', DAY, { token: alice.token });
    expect(body.nps).toEqual({ boa: 2, media: 2, ruim: 1, total_notas: 5, score: 20, previousScore: -100 });
  });

  test('charts: cycles started that day per queue, per attendant, per hour', async () => {
    const { body } = await call(app, 'GET', DAY, { token: alice.token });
    // The group conversation counts as received (12:00) though it is never waiting.
    expect(body.queues).toEqual([
      { queueId: null, name: null, color: null, count: 4 },
      expect.objectContaining({ queueId: queue1.id, count: 3 }),
      expect.objectContaining({ queueId: queue2.id, count: 1 }),
    ]);
    expect(body.users).toEqual(
      expect.arrayContaining([
        { userId: bob.id, name: 'Bob', count: 4 },
        { userId: carol.id, name: 'Carol', count: 2 },
        { userId: null, name: null, count: 2 },
      ]),
    );
    expect(body.timeline.unit).toBe('hour');
    expect(body.timeline.points).toHaveLength(24);
    const busy = body.timeline.points.filter((p: { count: number }) => p.count > 0);
    expect(busy).toEqual([
      { at: '09', count: 1 },
      { at: '10', count: 1 },
      { at: '11', count: 1 },
      { at: '12', count: 1 },
      { at: '13', count: 1 },
      { at: '15', count: 1 },
      { at: '16', count: 2 },
    ]);
  });

  test('connection health: the share of the day the timeline shows it connected', async () => {
    const { body } = await call(app, 'GET', DAY, { token: alice.token });
    expect(body.connections).toEqual([expect.objectContaining({ name: 'Site', uptime: 75 })]);
  });

  test('a period of days counts each cycle on the company day it started (a midnight cycle on its first day)', async () => {
    const { body } = await call(app, 'GET', '/dashboard?days=3', { token: alice.token });
    expect(body.period).toMatchObject({ from: '2026-03-08', to: '2026-03-10' });
    expect(body.timeline).toEqual({
      unit: 'day',
      points: [
        { at: '2026-03-08', count: 2 },
        { at: '2026-03-09', count: 8 },
        { at: '2026-03-10', count: 1 },
      ],
    });
    expect(body.counters).toMatchObject({ supportFinished: 8, closedChats: 7 });
  });

  test('another company, in its own time zone, counts only its own facts', async () => {
    const tokyoDay = await call(app, 'GET', '/dashboard?date_from=2026-03-10&date_to=2026-03-10', {
      token: b.admin.token,
    });
    expect(tokyoDay.body.counters).toMatchObject({
      supportFinished: 1,
      avgSupportTime: 30,
      avgWaitTime: 5,
      leads: 1,
    });
    expect(tokyoDay.body.nps).toMatchObject({ boa: 1, total_notas: 1, score: 100 });
    expect(tokyoDay.body.attendants).toEqual([expect.objectContaining({ id: b.admin.id, tickets: 1 })]);
    const before = await call(app, 'GET', '/dashboard?date_from=2026-03-09&date_to=2026-03-09', {
      token: b.admin.token,
    });
    expect(before.body.counters).toMatchObject({ supportFinished: 0, leads: 0, supportPending: 0 });
  });

  test('the spec’s separate calls answer the same figures', async () => {
    const token = alice.token;
    const range = 'initialDate=2026-03-09&finalDate=2026-03-09';
    const nps = await call(app, 'GET', `/dashboard/nps-info?${range}`, { token });
    expect(nps.body).toMatchObject({ boa: 2, media: 2, ruim: 1, total_notas: 5 });
    const finished = await call(app, 'GET', `/dashboard/atendimentos-encerrados?${range}`, { token });
    expect(finished.body).toEqual({ supportFinished: 7, closedChats: 6 });
    const users = await call(app, 'GET', `/dashboard/user-info?${range}`, { token });
    expect(users.body.featuredUserId).toBe(bob.id);
    const total = await call(app, 'GET', `/dashboard/total-atendimentos?${range}`, { token });
    expect(total.body.unit).toBe('hour');
    expect((await call(app, 'GET', `/dashboard/queues?${range}`, { token })).body).toHaveLength(3);
    expect((await call(app, 'GET', `/dashboard/ticketsUsers?${range}`, { token })).body).toHaveLength(3);
  });

  test('a bad period is refused with a validation error', async () => {
    for (const query of ['days=10', 'date_from=2026-03-09&date_to=2026-03-01', 'date_from=09/03/2026'])
      expect(await call(app, 'GET', `/dashboard?${query}`, { token: alice.token })).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION' },
      });
  });
});

describe('who may see the dashboard and Tempo Real', () => {
  test('admins and showDashboard users see the dashboard; others get ERR_NO_PERMISSION', async () => {
    expect((await call(app, 'GET', DAY, { token: carol.token })).status).toBe(200);
    for (const user of [dave, erin]) {
      expect(await call(app, 'GET', DAY, { token: user.token })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
      expect(await call(app, 'GET', '/dashboard/nps-info', { token: user.token })).toMatchObject({
        status: 403,
      });
    }
  });

  test('admins and allowRealTime users see Tempo Real; others get ERR_NO_PERMISSION', async () => {
    expect((await call(app, 'GET', '/dashboard/moments', { token: alice.token })).status).toBe(200);
    expect((await call(app, 'GET', '/dashboard/moments', { token: erin.token })).status).toBe(200);
    for (const user of [carol, dave])
      expect(await call(app, 'GET', '/dashboard/moments', { token: user.token })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      });
  });
});

describe('GET /dashboard/moments', () => {
  test('one card per attendant holding open tickets and the Pendentes card, with counts and since when', async () => {
    const { body } = await call(app, 'GET', '/dashboard/moments', { token: alice.token });
    expect(body.pending).toMatchObject({
      userId: null,
      count: 1,
      oldestSince: '2026-03-10T14:00:00.000Z',
      tickets: [expect.objectContaining({ id: pendingTicketId, status: 'pending' })],
    });
    expect(body.attendants).toEqual([
      expect.objectContaining({
        userId: bob.id,
        name: 'Bob',
        online: true,
        count: 1,
        oldestSince: '2026-03-09T14:30:00.000Z',
        tickets: [
          expect.objectContaining({ id: openTicketId, status: 'open', queueName: expect.any(String) }),
        ],
      }),
    ]);
  });

  test('a user sees on the board only the tickets the inbox shows them', async () => {
    const { body } = await call(app, 'GET', '/dashboard/moments', { token: erin.token });
    expect(body.pending.count).toBe(1);
    expect(body.attendants).toEqual([]);
  });

  test('another company’s board is empty of company A’s tickets', async () => {
    const { body } = await call(app, 'GET', '/dashboard/moments', { token: b.admin.token });
    expect(body).toEqual({ pending: expect.objectContaining({ count: 0, tickets: [] }), attendants: [] });
  });
});

describe('the ticket flow feeds the figures', () => {
  test('a customer accepted, transferred and closed through the API counts for the attendant who closed', async () => {
    app.deps.now = () => new Date();
    const bot = await botCompany(app, { greetingMessage: '' });
    const admin = bot.tenant.admin;
    const other = await createUser(app, bot.companyId, { name: 'Zoe' });
    const sales = await createQueue(app, bot.companyId, [other]);
    const customer = bot.customer();
    await customer.says('Oi');
    const ticket = await customer.ticket();
    const before = await call(app, 'GET', '/dashboard', { token: admin.token });
    expect(before.body.counters).toMatchObject({
      supportPending: 1,
      supportHappening: 0,
      supportFinished: 0,
      leads: 1,
    });

    const put = (body: object, token = admin.token) =>
      call(app, 'PUT', `/tickets/${ticket.id}`, { token, body });
    expect((await put({ status: 'open' })).status).toBe(200);
    expect((await put({ userId: other.id, queueId: sales.id })).status).toBe(200);
    expect((await put({ status: 'closed' }, other.token)).status).toBe(200);

    const { body } = await call(app, 'GET', '/dashboard', { token: admin.token });
    expect(body.counters).toMatchObject({
      supportPending: 0,
      supportHappening: 0,
      supportFinished: 1,
      closedChats: 1,
    });
    const zoe = body.attendants.find((row: { id: number }) => row.id === other.id);
    expect(zoe).toMatchObject({ tickets: 1 });
    expect(body.featuredUserId).toBe(other.id);
  });
});
