import {
  addDays,
  addMonths,
  DEFAULT_TIMEZONE,
  events,
  SUBSCRIPTION_GRACE_DAYS,
  zonedParts,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { fakeClock } from '../../../test/conversation.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';
import { companies, users } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

const platform = await createTenant(app);
const superUser = await createUser(app, platform.companyId, { profile: 'admin', super: true });
const asSuper = { token: superUser.token };
let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

const newCompany = (
  overrides: Record<string, unknown> = {},
): Record<string, unknown> & { name: string; email: string; password: string } => ({
  name: `Padaria ${unique()}`,
  email: `dono-${unique()}@padaria.test`,
  password: 'Senha-forte-1',
  planId: platform.planId,
  ...overrides,
});

describe('the super user manages companies', () => {
  test('a created company is read back, listed, and its admin signs in with the given password', async () => {
    const body = newCompany({ phone: '5511999990000', recurrence: 'TRIMESTRAL', dueDate: '2031-05-10' });

    const created = await call(app, 'POST', '/companies', { ...asSuper, body });
    const read = await call(app, 'GET', `/companies/${created.body.id}`, asSuper);
    const listed = await call(app, 'GET', `/companies?searchParam=${body.name.slice(8)}`, asSuper);
    const login = await call(app, 'POST', '/auth/login', {
      body: { email: body.email, password: body.password },
    });

    expect(created.status).toBe(201);
    expect(read.body).toEqual({
      id: created.body.id,
      name: body.name,
      email: body.email,
      phone: body.phone,
      document: '',
      status: true,
      planId: platform.planId,
      plan: { id: platform.planId, name: expect.any(String), amount: 0 },
      dueDate: '2031-05-10',
      recurrence: 'TRIMESTRAL',
      numberAttendants: 1,
      numberConections: 1,
      createdAt: expect.any(String),
      lastLogin: null,
    });
    expect(listed.body).toEqual({ companies: [read.body], hasMore: false, count: 1 });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ profile: 'admin', companyId: created.body.id });
  });

  test('without a due date a new company gets the trial from the server clock', async () => {
    fakeClock(app, '2026-03-01T15:00:00Z');

    const created = await call(app, 'POST', '/companies', { ...asSuper, body: newCompany() });

    expect(created.body.dueDate).toBe(addDays('2026-03-01', app.deps.config.trialDays));
  });

  test('what GET answers, PUT accepts; a change is stored', async () => {
    const { body: company } = await call(app, 'POST', '/companies', { ...asSuper, body: newCompany() });

    const saved = await call(app, 'PUT', `/companies/${company.id}`, {
      ...asSuper,
      body: { ...company, document: '12345678000199', status: false, numberAttendants: 4 },
    });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ document: '12345678000199', status: false, numberAttendants: 4 });
    expect((await call(app, 'GET', `/companies/${company.id}`, asSuper)).body).toEqual(saved.body);
  });

  test.each([
    ['a one-letter name', { name: 'A' }, 'name', 'tooShort'],
    ['no name', { name: '' }, 'name', 'required'],
    ['a malformed e-mail', { email: 'no-at-sign' }, 'email', 'invalidEmail'],
    ['a short password', { password: '123' }, 'password', 'passwordTooShort'],
    ['a non-numeric attendants count', { numberAttendants: 'muitos' }, 'numberAttendants', 'invalidValue'],
    ['an unknown recurrence', { recurrence: 'QUINZENAL' }, 'recurrence', 'invalidValue'],
    ['an impossible due date', { dueDate: '2030-02-30' }, 'dueDate', 'invalidValue'],
  ])('%s is refused field by field and nothing is stored', async (_, override, field, message) => {
    const body = newCompany(override);

    const answer = await call(app, 'POST', '/companies', { ...asSuper, body });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { [field]: message } });
    expect(
      await app.deps.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email))),
    ).toEqual([]);
  });

  test('a taken name (any case), a taken e-mail and an unknown plan get their own codes', async () => {
    const first = newCompany();
    await call(app, 'POST', '/companies', { ...asSuper, body: first });

    const sameName = await call(app, 'POST', '/companies', {
      ...asSuper,
      body: newCompany({ name: first.name.toUpperCase() }),
    });
    const sameEmail = await call(app, 'POST', '/companies', {
      ...asSuper,
      body: newCompany({ email: first.email }),
    });
    const noPlan = await call(app, 'POST', '/companies', {
      ...asSuper,
      body: newCompany({ planId: 2147483647 }),
    });

    expect([sameName.status, sameName.body.error]).toEqual([409, 'ERR_COMPANY_ALREADY_EXISTS']);
    expect([sameEmail.status, sameEmail.body.error]).toEqual([409, 'ERR_EMAIL_ALREADY_EXISTS']);
    expect([noPlan.status, noPlan.body.error]).toEqual([404, 'ERR_NO_PLAN_FOUND']);
  });

  test('a deleted company is gone with its users; the platform company cannot be deleted or switched off', async () => {
    const { body: company } = await call(app, 'POST', '/companies', { ...asSuper, body: newCompany() });

    const deleted = await call(app, 'DELETE', `/companies/${company.id}`, asSuper);
    const again = await call(app, 'GET', `/companies/${company.id}`, asSuper);
    const own = await call(app, 'DELETE', `/companies/${platform.companyId}`, asSuper);
    const off = await call(app, 'PUT', '/companies/1', { ...asSuper, body: { status: false } });

    expect(deleted.status).toBe(204);
    expect(again.body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect(await app.deps.db.select().from(users).where(eq(users.companyId, company.id))).toEqual([]);
    expect(own.body.error).toBe('ERR_PLATFORM_COMPANY');
    expect(off.body.error).toBe('ERR_PLATFORM_COMPANY');
  });
});

test('company admins, supervisors and attendants reach none of it, not even their own company', async () => {
  const tenant = await createTenant(app);
  const supervisor = await createUser(app, tenant.companyId, { profile: 'supervisor' });
  const calls = [
    ['GET', '/companies'],
    ['GET', '/companiesPlan'],
    ['GET', '/companies/list'],
    ['GET', `/companies/${tenant.companyId}`],
    ['POST', '/companies'],
    ['PUT', `/companies/${tenant.companyId}`],
    ['POST', `/companies/${tenant.companyId}/renew`],
    ['DELETE', `/companies/${platform.companyId}`],
  ] as const;

  for (const token of [tenant.admin.token, supervisor.token])
    for (const [method, url] of calls) {
      const answer = await call(app, method, url, {
        token,
        body: method === 'GET' ? undefined : newCompany(),
      });
      expect([url, answer.status, answer.body.error]).toEqual([url, 403, 'ERR_NO_PERMISSION']);
    }
  const [stored] = await app.deps.db.select().from(companies).where(eq(companies.id, tenant.companyId));
  expect(stored?.dueDate).toBe('2999-01-01');
});

describe('renewal', () => {
  const renew = (id: number) => call(app, 'POST', `/companies/${id}/renew`, asSuper);
  const withDue = async (dueDate: string, recurrence: string) =>
    (await call(app, 'POST', '/companies', { ...asSuper, body: newCompany({ dueDate, recurrence }) })).body
      .id as number;

  test.each([
    ['a month from a due date still ahead', '2026-03-20', 'MENSAL', '2026-04-20'],
    ['a quarter from today when already past due', '2026-02-01', 'TRIMESTRAL', '2026-06-10'],
    ['two months from today on the due date itself', '2026-03-10', 'BIMESTRAL', '2026-05-10'],
    ['six months, the 31st landing on the month end', '2026-03-31', 'SEMESTRAL', '2026-09-30'],
    ['a year from a leap day', '2028-02-29', 'ANUAL', '2029-02-28'],
  ])('%s', async (_, dueDate, recurrence, expected) => {
    fakeClock(app, '2026-03-10T12:00:00Z');
    const id = await withDue(dueDate, recurrence);

    const renewed = await renew(id);

    expect(renewed.status).toBe(200);
    expect(renewed.body.dueDate).toBe(expected);
  });

  test('two renewals at once extend twice', async () => {
    fakeClock(app, '2026-03-10T12:00:00Z');
    const id = await withDue('2026-04-15', 'MENSAL');

    await Promise.all([renew(id), renew(id)]);

    expect((await call(app, 'GET', `/companies/${id}`, asSuper)).body.dueDate).toBe('2026-06-15');
  });

  test("an expired company's users are let in again and told the new due date live", async () => {
    // The subscription check reads the real clock: these dates are around today.
    fakeClock(app, new Date().toISOString());
    const today = zonedParts(new Date(), DEFAULT_TIMEZONE).date;
    const tenant = await createTenant(app, { dueDate: addDays(today, 3) });
    const socket = await live.connectOnline(tenant.admin);
    await live.drain(socket);
    const told = collect<{ action: string; company: { id: number; dueDate: string } }>(
      socket,
      events.company(tenant.companyId),
    );
    await app.deps.db
      .update(companies)
      .set({ dueDate: addDays(today, -SUBSCRIPTION_GRACE_DAYS - 1) })
      .where(eq(companies.id, tenant.companyId));
    const refused = await call(app, 'GET', '/tags', { token: tenant.admin.token });

    await renew(tenant.companyId);
    const admitted = await call(app, 'GET', '/tags', { token: tenant.admin.token });

    expect(refused.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(admitted.status).toBe(200);
    await heard(told, 1);
    expect(told).toEqual([
      {
        action: 'update',
        company: expect.objectContaining({
          id: tenant.companyId,
          dueDate: addMonths(today, 1),
          status: true,
        }),
      },
    ]);
  });

  test('a company that does not exist is not found', async () => {
    expect((await renew(2147483647)).body.error).toBe('ERR_NO_COMPANY_FOUND');
  });
});

test("a plan's new flags reach the users of every company on it live", async () => {
  fakeClock(app, new Date().toISOString());
  const tenant = await createTenant(app);
  const socket = await live.connectOnline(tenant.admin);
  await live.drain(socket);
  const told = collect<{ company: { id: number; plan: { useKanban: boolean } } }>(
    socket,
    events.company(tenant.companyId),
  );

  await call(app, 'PUT', `/plans/${tenant.planId}`, { ...asSuper, body: { useKanban: false } });

  await heard(told, 1);
  expect(told[0]?.company).toMatchObject({ id: tenant.companyId, plan: { useKanban: false } });
});
