import { WEEKDAYS } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { botCompany, fakeClock } from '../../../test/conversation.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { companies } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

/** Monday to Friday 08:00–12:00 and 13:00–18:00; the weekend closed. */
const week = WEEKDAYS.map((weekdayEn) => {
  const weekend = weekdayEn === 'saturday' || weekdayEn === 'sunday';
  return weekend
    ? { weekdayEn, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }
    : { weekdayEn, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' };
});

const storedHours = async (companyId: number) => {
  const [row] = await app.deps.db
    .select({ schedules: companies.schedules })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.schedules;
};

describe('PUT and GET /companies/{id}/schedules', () => {
  test('the admin saves the week and reads it back; [] clears it', async () => {
    const { companyId, admin } = await createTenant(app);

    const saved = await call(app, 'PUT', `/companies/${companyId}/schedules`, {
      token: admin.token,
      body: { id: companyId, schedules: week },
    });
    const read = await call(app, 'GET', `/companies/${companyId}/schedules`, { token: admin.token });

    expect(saved.status).toBe(200);
    expect(read.body).toEqual({ id: companyId, schedules: week });
    // What GET answers is accepted back by PUT, and [] means no hours (always open).
    const again = await call(app, 'PUT', `/companies/${companyId}/schedules`, {
      token: admin.token,
      body: read.body,
    });
    expect(again.status).toBe(200);
    const cleared = await call(app, 'PUT', `/companies/${companyId}/schedules`, {
      token: admin.token,
      body: { schedules: [] },
    });
    expect(cleared.body).toEqual({ id: companyId, schedules: [] });
    expect(await storedHours(companyId)).toEqual([]);
  });

  test("another company's hours are not found to an admin, and stay unchanged", async () => {
    const mine = await createTenant(app);
    const theirs = await createTenant(app);
    await call(app, 'PUT', `/companies/${theirs.companyId}/schedules`, {
      token: theirs.admin.token,
      body: { schedules: week },
    });

    const read = await call(app, 'GET', `/companies/${theirs.companyId}/schedules`, {
      token: mine.admin.token,
    });
    const write = await call(app, 'PUT', `/companies/${theirs.companyId}/schedules`, {
      token: mine.admin.token,
      body: { schedules: [] },
    });

    expect(read.status).toBe(404);
    expect(read.body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect(write.status).toBe(404);
    expect(await storedHours(theirs.companyId)).toHaveLength(7);
  });

  test('the super user reads and writes any company; a company that does not exist is not found', async () => {
    const platform = await createTenant(app);
    const superUser = await createUser(app, platform.companyId, { profile: 'admin', super: true });
    const other = await createTenant(app);

    const write = await call(app, 'PUT', `/companies/${other.companyId}/schedules`, {
      token: superUser.token,
      body: { schedules: week },
    });
    const missing = await call(app, 'GET', '/companies/2147483647/schedules', { token: superUser.token });

    expect(write.status).toBe(200);
    expect(await storedHours(other.companyId)).toHaveLength(7);
    expect(missing.status).toBe(404);
  });

  test('supervisors and attendants may neither read nor change them', async () => {
    const { companyId } = await createTenant(app);
    for (const profile of ['supervisor', 'user'] as const) {
      const user = await createUser(app, companyId, { profile });
      const read = await call(app, 'GET', `/companies/${companyId}/schedules`, { token: user.token });
      const write = await call(app, 'PUT', `/companies/${companyId}/schedules`, {
        token: user.token,
        body: { schedules: week },
      });
      expect([read.status, write.status]).toEqual([403, 403]);
    }
    expect(await storedHours(companyId)).toEqual([]);
  });

  test.each([
    ['six days', { schedules: week.slice(0, 6) }],
    ['days out of order', { schedules: [...week.slice(1), week[0]] }],
    ['a time that is no time', { schedules: week.map((d, i) => (i ? d : { ...d, endTimeA: '25:00' })) }],
    ['an end before its start', { schedules: week.map((d, i) => (i ? d : { ...d, endTimeA: '07:00' })) }],
    ['a start without its end', { schedules: week.map((d, i) => (i ? d : { ...d, endTimeB: '' })) }],
    ['no schedules', {}],
    ['another company named in the body', { id: 999, schedules: week }],
  ])('%s is refused with ERR_VALIDATION and nothing stored', async (_, body) => {
    const { companyId, admin } = await createTenant(app);
    const answer = await call(app, 'PUT', `/companies/${companyId}/schedules`, { token: admin.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('ERR_VALIDATION');
    expect(await storedHours(companyId)).toEqual([]);
  });
});

// 2026-03-02 is a Monday; São Paulo is UTC-3.
test('with scheduleType company, a message outside the saved hours gets the out-of-hours text and one inside does not', async () => {
  const CLOSED = 'Fechados agora. Atendemos de segunda a sexta, das 8h às 18h.';
  const clock = fakeClock(app, '2026-03-02T13:00:00Z'); // Monday 10:00
  const bot = await botCompany(app, { outOfHoursMessage: CLOSED });
  await bot.queue('Vendas');
  await bot.queue('Suporte');
  await bot.setting('scheduleType', 'company');
  const saved = await call(app, 'PUT', `/companies/${bot.companyId}/schedules`, {
    token: bot.tenant.admin.token,
    body: { schedules: week },
  });
  expect(saved.status).toBe(200);

  const inside = bot.customer();
  expect((await inside.says('Oi'))[0]).toMatch(/^Olá! Escolha uma opção:/);
  clock.set('2026-03-07T15:00:00Z'); // Saturday 12:00: closed all day
  const outside = bot.customer();
  expect(await outside.says('Oi')).toEqual([CLOSED]);
});
