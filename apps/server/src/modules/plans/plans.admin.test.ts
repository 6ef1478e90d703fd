import { planFlagKeys } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { plans } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const platform = await createTenant(app);
const superUser = await createUser(app, platform.companyId, { profile: 'admin', super: true });
const asSuper = { token: superUser.token };
let serial = 0;
const planName = () => `Plano ${Date.now().toString(36)}${++serial}`;

const allFlags = (on: boolean) => Object.fromEntries(planFlagKeys.map((key) => [key, on]));

describe('the super user manages plans', () => {
  test('a plan with its limits, price, visibility and every flag is read back and listed', async () => {
    const body = {
      name: planName(),
      users: 3,
      connections: 2,
      queues: 4,
      amount: 4990,
      isPublic: false,
      ...allFlags(false),
      useKanban: true,
    };

    const created = await call(app, 'POST', '/plans', { ...asSuper, body });
    const read = await call(app, 'GET', `/plans/${created.body.id}`, asSuper);
    const listed = await call(app, 'GET', `/plans?searchParam=${encodeURIComponent(body.name)}`, asSuper);
    const all = await call(app, 'GET', '/plans/list', asSuper);

    expect(created.status).toBe(201);
    expect(read.body).toEqual({ id: created.body.id, ...body, companiesCount: 0 });
    expect(listed.body).toEqual({ plans: [read.body], hasMore: false, count: 1 });
    expect(all.body).toContainEqual({ id: created.body.id, ...body });
  });

  test('omitted fields take the defaults; what GET answers, PUT accepts', async () => {
    const { body: plan } = await call(app, 'POST', '/plans', { ...asSuper, body: { name: planName() } });

    const saved = await call(app, 'PUT', `/plans/${plan.id}`, {
      ...asSuper,
      body: { ...plan, amount: 12_900 },
    });

    expect(plan).toMatchObject({
      users: 1,
      connections: 1,
      queues: 1,
      amount: 0,
      isPublic: true,
      ...allFlags(true),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...plan, amount: 12_900 });
  });

  test.each([
    ['no name', { name: '' }, 'name', 'required'],
    ['no users at all', { users: 0 }, 'users', 'invalidValue'],
    ['a negative price', { amount: -1 }, 'amount', 'invalidValue'],
    ['a fractional queue count', { queues: 1.5 }, 'queues', 'invalidValue'],
  ])('%s is refused field by field', async (_, override, field, message) => {
    const answer = await call(app, 'POST', '/plans', { ...asSuper, body: { name: planName(), ...override } });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { [field]: message } });
  });

  test('a taken name is refused with its own code', async () => {
    const name = planName();
    await call(app, 'POST', '/plans', { ...asSuper, body: { name } });

    const again = await call(app, 'POST', '/plans', { ...asSuper, body: { name } });

    expect([again.status, again.body.error]).toEqual([409, 'ERR_PLAN_ALREADY_EXISTS']);
  });

  test('a plan in use cannot be deleted; once free it can', async () => {
    const tenant = await createTenant(app);

    const refused = await call(app, 'DELETE', `/plans/${tenant.planId}`, asSuper);
    const shown = await call(app, 'GET', `/plans/${tenant.planId}`, asSuper);
    await call(app, 'PUT', `/companies/${tenant.companyId}`, {
      ...asSuper,
      body: { planId: platform.planId },
    });
    const deleted = await call(app, 'DELETE', `/plans/${tenant.planId}`, asSuper);

    expect([refused.status, refused.body.error]).toEqual([409, 'ERR_PLAN_IN_USE']);
    expect(shown.body.companiesCount).toBe(1);
    expect(deleted.status).toBe(204);
    expect(await app.deps.db.select().from(plans).where(eq(plans.id, tenant.planId))).toEqual([]);
  });
});

test("a flag turned off reaches the plan's companies at their next call", async () => {
  const tenant = await createTenant(app);
  const before = await call(app, 'GET', '/schedules', { token: tenant.admin.token });

  await call(app, 'PUT', `/plans/${tenant.planId}`, { ...asSuper, body: { useSchedules: false } });
  const after = await call(app, 'GET', '/schedules', { token: tenant.admin.token });

  expect(before.status).toBe(200);
  expect([after.status, after.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
});

test('company admins reach none of the plan routes; the public list stays open', async () => {
  const tenant = await createTenant(app);
  const calls = [
    ['GET', '/plans'],
    ['GET', '/plans/list'],
    ['GET', '/plans/all'],
    ['GET', `/plans/${tenant.planId}`],
    ['POST', '/plans'],
    ['PUT', `/plans/${tenant.planId}`],
    ['DELETE', `/plans/${tenant.planId}`],
  ] as const;

  for (const [method, url] of calls) {
    const answer = await call(app, method, url, {
      token: tenant.admin.token,
      body: method === 'GET' || method === 'DELETE' ? undefined : { name: planName(), users: 99 },
    });
    expect([url, answer.status, answer.body.error]).toEqual([url, 403, 'ERR_NO_PERMISSION']);
  }
  const [stored] = await app.deps.db.select().from(plans).where(eq(plans.id, tenant.planId));
  expect(stored?.users).toBe(10);
  expect((await call(app, 'GET', '/plans/listPublic')).status).toBe(200);
});

test('a reply through a channel the plan lost is refused; a private note still goes in', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, {
    status: 'open',
    userId: tenant.admin.id,
    channel: 'whatsapp',
  });
  const reply = (isPrivate: boolean) =>
    call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'Seu pedido saiu.', isPrivate },
    });
  const before = await reply(false);

  await call(app, 'PUT', `/plans/${tenant.planId}`, { ...asSuper, body: { useWhatsapp: false } });
  const after = await reply(false);
  const note = await reply(true);

  expect(before.status).toBe(201);
  expect([after.status, after.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  expect(note.status).toBe(201);
});
