import type { ReportTicket } from '@balcao/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTicket } from '../../../test/fixtures.js';
import { seedReportDay, THE_DAY } from '../../../test/report-day.js';
import { ticketCycles } from '../../db/schema/index.js';
import { closeBySystem } from '../tickets/tickets.bot-state.js';

const app = await createTestApp();
afterAll(() => app.close());
let day: Awaited<ReturnType<typeof seedReportDay>>;
beforeAll(async () => {
  day = await seedReportDay(app);
});

const report = async (query: string, token = day.users.admin.token) => {
  const answer = await call(app, 'GET', `/ticket/reports?${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { tickets: ReportTicket[]; totalTickets: { total: number } };
};
const cycleIds = (body: { tickets: ReportTicket[] }) => body.tickets.map((row) => row.cycleId);

describe('the report lists one row per ticket cycle of the chosen days', () => {
  test('the day in São Paulo: newest first, a ticket reopened twice is three rows, the 9th and the other company left out', async () => {
    const { c1, c2, c3, c4, c5 } = day.cycles;

    const body = await report(THE_DAY);

    expect(cycleIds(body)).toEqual([c3.id, c2.id, c4.id, c1.id, c5.id]);
    expect(body.totalTickets.total).toBe(5);
  });

  test('each row as computed by hand: holder and queue of the cycle, support time, NPS and status', async () => {
    const { t1, t2, t3 } = day.tickets;
    const { admin } = day.users;

    const rows = new Map((await report(THE_DAY)).tickets.map((row) => [row.cycleId, row]));

    const names = { admin: await nameOf(admin.id), bia: 'Bia', carlos: 'Carlos' };
    expect(rows.get(day.cycles.c1.id)).toMatchObject({
      id: t1.id,
      uuid: t1.uuid,
      contactName: 'Maria Report',
      userName: names.admin,
      queueName: day.queues.queue1.name,
      status: 'closed',
      createdAt: '2026-03-10T12:00:00.000Z',
      closedAt: '2026-03-10T12:45:00.000Z',
      supportTime: 45 * 60,
      nps: 10,
    });
    expect(rows.get(day.cycles.c2.id)).toMatchObject({
      userName: names.bia,
      status: 'closed',
      supportTime: 26 * 3600 + 5 * 60,
      nps: 7,
    });
    expect(rows.get(day.cycles.c3.id)).toMatchObject({
      userName: names.admin,
      status: 'open',
      closedAt: null,
      supportTime: null,
      nps: null,
    });
    // The transfer: the cycle ends with Carlos in queue 2, who closed it.
    expect(rows.get(day.cycles.c4.id)).toMatchObject({
      id: t2.id,
      userName: names.carlos,
      queueName: day.queues.queue2.name,
      supportTime: 30 * 60,
      nps: 3,
    });
    // Waiting for its rating; the old 1–5 answer is no NPS.
    expect(rows.get(day.cycles.c5.id)).toMatchObject({ id: t3.id, status: 'nps', nps: null, userName: null });
    expect(rows.get(day.cycles.c1.id)?.whatsappName).toMatch(/^Connection /);
  });

  test('pages of the chosen size, in the same order, with the whole count', async () => {
    const { c1, c4 } = day.cycles;

    const body = await report(`${THE_DAY}&pageSize=2&page=2`);

    expect(cycleIds(body)).toEqual([c4.id, c1.id]);
    expect(body.totalTickets.total).toBe(5);
  });

  test('without dates: from the first of this month to today', async () => {
    const ticket = await createTicket(app, day.companyId);
    const [now] = await app.deps.db
      .insert(ticketCycles)
      .values({ companyId: day.companyId, ticketId: ticket.id, connectionId: ticket.connectionId })
      .returning();
    const [old] = await app.deps.db
      .insert(ticketCycles)
      .values({
        companyId: day.companyId,
        ticketId: ticket.id,
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      })
      .returning();

    const ids = cycleIds(await report(''));

    expect(ids).toContain(now?.id);
    expect(ids).not.toContain(old?.id);
    expect(ids).not.toContain(day.cycles.c1.id);
  });
});

describe('a closed cycle keeps who held it and its queue at the end', () => {
  test('when the bot closes it: the queue chosen after the cycle began, and the holder', async () => {
    const { bia } = day.users;
    const ticket = await createTicket(app, day.companyId, {
      status: 'open',
      userId: bia.id,
      queueId: day.queues.queue1.id,
    });
    const [cycle] = await app.deps.db
      .insert(ticketCycles)
      .values({ companyId: day.companyId, ticketId: ticket.id, connectionId: ticket.connectionId })
      .returning();

    await closeBySystem(app.deps, ticket, { message: '', logType: 'close' });

    const [row] = (await report(`contactId=${ticket.contactId}`)).tickets;
    expect(row).toMatchObject({
      cycleId: cycle?.id,
      status: 'closed',
      userName: 'Bia',
      queueName: day.queues.queue1.name,
    });
  });
});

describe('filters', () => {
  test('by holder: the transferred cycle is Carlos’s, not Bia’s who took it first', async () => {
    const { c2, c4 } = day.cycles;

    expect(cycleIds(await report(`${THE_DAY}&users=[${day.users.bia.id}]`))).toEqual([c2.id]);
    expect(cycleIds(await report(`${THE_DAY}&users=[${day.users.carlos.id}]`))).toEqual([c4.id]);
  });

  test('by queue, 0 meaning no queue', async () => {
    const { c1, c2, c3, c4, c5 } = day.cycles;
    const { queue1, queue2 } = day.queues;

    expect(cycleIds(await report(`${THE_DAY}&queueIds=[${queue2.id}]`))).toEqual([c4.id]);
    expect(cycleIds(await report(`${THE_DAY}&queueIds=[${queue1.id}]`))).toEqual([c3.id, c2.id, c1.id]);
    expect(cycleIds(await report(`${THE_DAY}&queueIds=[0]`))).toEqual([c5.id]);
  });

  test('by status, as each row shows it', async () => {
    const { c1, c2, c3, c4, c5 } = day.cycles;

    expect(cycleIds(await report(`${THE_DAY}&status=["open"]`))).toEqual([c3.id]);
    expect(cycleIds(await report(`${THE_DAY}&status=["nps"]`))).toEqual([c5.id]);
    expect(cycleIds(await report(`${THE_DAY}&status=["closed"]`))).toEqual([c2.id, c4.id, c1.id]);
  });

  test('by tag, connection, contact and typed name', async () => {
    const { c1, c2, c3, c4 } = day.cycles;
    const { t1, t2 } = day.tickets;

    expect(cycleIds(await report(`${THE_DAY}&tags=[${day.tag.id}]`))).toEqual([c4.id]);
    expect(cycleIds(await report(`${THE_DAY}&whatsappId=[${t2.connectionId}]`))).toEqual([c4.id]);
    expect(cycleIds(await report(`${THE_DAY}&contactId=${t1.contactId}`))).toEqual([c3.id, c2.id, c1.id]);
    expect(cycleIds(await report(`${THE_DAY}&searchParam=maria%20rep`))).toEqual([c3.id, c2.id, c1.id]);
  });

  test('lists come as JSON arrays, repeated parameters or commas alike', async () => {
    const { bia, carlos } = day.users;
    const expected = [day.cycles.c2.id, day.cycles.c4.id];

    for (const users of [
      `users=[${bia.id},${carlos.id}]`,
      `users=${bia.id}&users=${carlos.id}`,
      `users=${bia.id},${carlos.id}`,
    ])
      expect(cycleIds(await report(`${THE_DAY}&${users}`))).toEqual(expected);
  });

  test('another company’s connection or contact finds nothing', async () => {
    const { foreign } = day.tickets;

    expect((await report(`${THE_DAY}&whatsappId=[${foreign.connectionId}]`)).totalTickets.total).toBe(0);
    expect((await report(`${THE_DAY}&contactId=${foreign.contactId}`)).totalTickets.total).toBe(0);
  });

  test('bad input is refused with a code, never run', async () => {
    for (const query of [
      'pageSize=9999999',
      'users=[abc]',
      'status=["gone"]',
      'dateFrom=10/03/2026',
      'page=0',
    ]) {
      const answer = await call(app, 'GET', `/ticket/reports?${query}`, { token: day.users.admin.token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toBe('ERR_VALIDATION');
    }
  });
});

describe('who may see the report', () => {
  test('admins, supervisors and users with showDashboard; any other user is refused', async () => {
    const { carlos, plain, supervisor } = day.users;

    expect((await report(THE_DAY, carlos.token)).totalTickets.total).toBe(5);
    expect((await report(THE_DAY, supervisor.token)).totalTickets.total).toBe(5);
    for (const path of [`/ticket/reports?${THE_DAY}`, `/ticket/reports/export?${THE_DAY}`]) {
      const refused = await call(app, 'GET', path, { token: plain.token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});

async function nameOf(userId: number) {
  const answer = await call(app, 'GET', '/users/list', { token: day.users.admin.token });
  return (answer.body as { id: number; name: string }[]).find((user) => user.id === userId)?.name;
}
