import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { botCompany, fakeClock } from '../../../test/conversation.js';
import { cycleSeeds, sp } from '../../../test/cycles.js';
import { createTenant, createUser, type TestUser } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import {
  companies,
  dashboardDays,
  dashboardDayVersions,
  ticketCycles,
  ticketRatings,
  tickets,
} from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());
const { connectionOf, contactOf, seedTicket } = cycleSeeds(app);

let tenant: Awaited<ReturnType<typeof createTenant>>;
let alice: TestUser;
let bob: TestUser;
let bobsTicket: number;
let alicesTicket: number;
const PERIOD = '/dashboard?date_from=2026-03-05&date_to=2026-03-06';

/** Two past days of São Paulo: bob closes one ticket on 03-05 (rated 9), alice one on 03-06. */
beforeAll(async () => {
  fakeClock(app, '2026-03-10T15:00:00Z');
  tenant = await createTenant(app, { timezone: 'America/Sao_Paulo' });
  alice = tenant.admin;
  bob = await createUser(app, tenant.companyId, { name: 'Bob' });
  const site = await connectionOf(tenant.companyId);
  const ticket = async (cycles: Parameters<typeof seedTicket>[4]) =>
    (await seedTicket(tenant.companyId, site.id, (await contactOf(tenant.companyId)).id, 'closed', cycles))
      .id;
  bobsTicket = await ticket([
    {
      queued: sp('2026-03-05T09:00'),
      accepted: sp('2026-03-05T09:10'),
      closed: sp('2026-03-05T09:40'),
      user: bob,
      rating: { rate: 9, at: sp('2026-03-05T09:45') },
    },
  ]);
  alicesTicket = await ticket([
    {
      queued: sp('2026-03-06T10:00'),
      accepted: sp('2026-03-06T10:02'),
      closed: sp('2026-03-06T10:30'),
      user: alice,
    },
  ]);
});

const dashboard = async () => {
  const { status, body } = await call(app, 'GET', PERIOD, { token: alice.token });
  expect(status).toBe(200);
  return body;
};
const closedBy = (body: { attendants: { id: number; tickets: number }[] }, user: TestUser) =>
  body.attendants.find((row) => row.id === user.id)?.tickets;
const keptDays = async () =>
  (
    await app.deps.db
      .select({ day: dashboardDays.day })
      .from(dashboardDays)
      .where(eq(dashboardDays.companyId, tenant.companyId))
  )
    .map((row) => row.day)
    .sort();

test('a past day is computed once and kept; a transfer, a deleted ticket or a late answer shows at once', async () => {
  const first = await dashboard();
  expect(first.counters).toMatchObject({ supportFinished: 2, closedChats: 2, leads: 2 });
  expect(closedBy(first, bob)).toBe(1);
  // The period and the equal one before it, for the NPS trend.
  expect(await keptDays()).toEqual(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);

  await app.deps.db
    .update(ticketCycles)
    .set({ userId: alice.id })
    .where(eq(ticketCycles.ticketId, bobsTicket));
  const transferred = await dashboard();
  expect(closedBy(transferred, bob)).toBe(0);
  expect(closedBy(transferred, alice)).toBe(2);

  const [cycle] = await app.deps.db
    .select({ id: ticketCycles.id })
    .from(ticketCycles)
    .where(eq(ticketCycles.ticketId, alicesTicket));
  await app.deps.db.insert(ticketRatings).values({
    companyId: tenant.companyId,
    ticketId: alicesTicket,
    cycleId: cycle?.id as number,
    userId: alice.id,
    rate: 2,
    scale: 10,
    createdAt: sp('2026-03-06T11:00'),
  });
  expect((await dashboard()).nps).toMatchObject({ boa: 1, ruim: 1, total_notas: 2, score: 0 });

  await app.deps.db.delete(tickets).where(eq(tickets.id, alicesTicket));
  const deleted = await dashboard();
  expect(deleted.counters).toMatchObject({ supportFinished: 1, closedChats: 1, leads: 1 });
  expect(deleted.nps).toMatchObject({ boa: 1, ruim: 0, total_notas: 1 });
});

test('figures read while past days change are those of a fresh computation', async () => {
  const moves = Array.from({ length: 12 }, (_, n) =>
    app.deps.db
      .update(ticketCycles)
      .set({ userId: n % 2 === 0 ? bob.id : alice.id })
      .where(eq(ticketCycles.ticketId, bobsTicket)),
  );
  const reads = Array.from({ length: 12 }, () => dashboard());
  await Promise.all([...moves, ...reads]);
  const kept = await dashboard();
  await app.deps.db.delete(dashboardDays).where(eq(dashboardDays.companyId, tenant.companyId));
  const fresh = await dashboard();
  expect(kept).toEqual(fresh);
  const [cycle] = await app.deps.db
    .select({ userId: ticketCycles.userId })
    .from(ticketCycles)
    .where(eq(ticketCycles.ticketId, bobsTicket));
  expect(closedBy(fresh, cycle?.userId === bob.id ? bob : alice)).toBe(1);
});

test('days kept on one clock are not read on another: a company that moves time zone gets its own days', async () => {
  const site = await connectionOf(tenant.companyId);
  // 22:00 on 03-06 in São Paulo is 10:00 on 03-07 in Tokyo: inside the period on one clock only.
  await seedTicket(tenant.companyId, site.id, (await contactOf(tenant.companyId)).id, 'closed', [
    {
      queued: sp('2026-03-06T22:00'),
      accepted: sp('2026-03-06T22:05'),
      closed: sp('2026-03-06T22:30'),
      user: bob,
    },
  ]);
  expect((await dashboard()).counters.supportFinished).toBe(2);
  await app.deps.db
    .update(companies)
    .set({ timezone: 'Asia/Tokyo' })
    .where(eq(companies.id, tenant.companyId));
  const moved = await waitFor(dashboard, (body) => body.period.timezone === 'Asia/Tokyo');
  expect(moved.counters.supportFinished).toBe(1);
  const [row] = await app.deps.db
    .select({ timezone: dashboardDays.timezone })
    .from(dashboardDays)
    .where(and(eq(dashboardDays.companyId, tenant.companyId), eq(dashboardDays.day, '2026-03-05')));
  expect(row?.timezone).toBe('Asia/Tokyo');
  await app.deps.db
    .update(companies)
    .set({ timezone: 'America/Sao_Paulo' })
    .where(eq(companies.id, tenant.companyId));
});

test('what happens now raises nothing, and the last ten minutes are never kept', async () => {
  app.deps.now = () => new Date();
  const bot = await botCompany(app, { greetingMessage: '' });
  const customer = bot.customer();
  await customer.says('Oi');
  const ticket = await customer.ticket();
  expect(
    (
      await call(app, 'PUT', `/tickets/${ticket.id}`, {
        token: bot.tenant.admin.token,
        body: { status: 'closed' },
      })
    ).status,
  ).toBe(200);
  const { body } = await call(app, 'GET', '/dashboard', { token: bot.tenant.admin.token });
  expect(body.counters).toMatchObject({ supportFinished: 1, leads: 1 });
  const rows = await app.deps.db.execute(
    sql`select (select count(*)::int from ${dashboardDays} k join ${companies} c on c.id = k.company_id
                where k.company_id = ${bot.companyId}
                  and (case when k.part = -1 then (k.day + 1)::timestamp at time zone c.timezone
                            else (k.day::timestamp at time zone c.timezone) + (k.part + 1) * interval '1 hour' end)
                      > clock_timestamp() - interval '10 minutes') as recent,
               (select count(*)::int from ${dashboardDayVersions} where company_id = ${bot.companyId}) as raised`,
  );
  expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({ recent: 0, raised: 0 });
});

test('an hour of today that passed is kept, and a transfer of what started in it shows at once', async () => {
  app.deps.now = () => new Date();
  const company = await createTenant(app, { timezone: 'America/Sao_Paulo' });
  const zoe = await createUser(app, company.companyId, { name: 'Zoe' });
  const site = await connectionOf(company.companyId);
  // Two hours ago: today's hour slice (or yesterday's whole day, just after midnight), ended over ten minutes ago.
  const queued = new Date(Date.now() - 2 * 3_600_000);
  const seeded = await seedTicket(
    company.companyId,
    site.id,
    (await contactOf(company.companyId)).id,
    'open',
    [{ queued, accepted: new Date(queued.getTime() + 60_000), user: company.admin }],
  );
  const startedBy = async () => {
    const { body } = await call(app, 'GET', '/dashboard?days=3', { token: company.admin.token });
    return body.users as { userId: number; count: number }[];
  };
  expect(await startedBy()).toEqual([expect.objectContaining({ userId: company.admin.id, count: 1 })]);
  const kept = await app.deps.db
    .select({ part: dashboardDays.part })
    .from(dashboardDays)
    .where(eq(dashboardDays.companyId, company.companyId));
  expect(kept.length).toBeGreaterThan(0);

  await app.deps.db.update(ticketCycles).set({ userId: zoe.id }).where(eq(ticketCycles.ticketId, seeded.id));
  expect(await startedBy()).toEqual([expect.objectContaining({ userId: zoe.id, count: 1 })]);
});
