import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser, setDueDate } from '../../../test/fixtures.js';
import { companies, companySettings, contacts, plans, users } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

// Each request reads its actor and settings from memory; these writes bypass every service on
// purpose, the way a script or another process would, and must still be seen. On PGlite the commit
// delivers the notification before it returns; over PostgreSQL it arrives on its own connection a
// moment later, so the answer may take a few tries, far inside the 5 s the old cache kept it.
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let value = await read();
  for (let i = 0; i < 20 && value !== expected; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

test('a profile lowered in the database is refused on the next request', async () => {
  const tenant = await createTenant(app);
  const manager = await createUser(app, tenant.companyId, { profile: 'admin' });
  expect((await call(app, 'GET', '/users', { token: manager.token })).status).toBe(200);

  await app.deps.db.update(users).set({ profile: 'user' }).where(eq(users.id, manager.id));

  const status = () => call(app, 'GET', '/users', { token: manager.token }).then((r) => r.status);
  expect(await eventually(status, 403)).toBe(403);
});

test("a company's lapsed due date is refused on the next request", async () => {
  const tenant = await createTenant(app);
  expect((await call(app, 'GET', '/users', { token: tenant.admin.token })).status).toBe(200);

  await setDueDate(app, tenant.companyId, '2000-01-01');

  const status = () => call(app, 'GET', '/users', { token: tenant.admin.token }).then((r) => r.status);
  expect(await eventually(status, 402)).toBe(402);
});

test('lgpdHideNumber turned on in the database masks the next answer', async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId);
  const [contact] = await app.deps.db
    .insert(contacts)
    .values({ companyId: tenant.companyId, name: 'Private', number: '5511987654321', channel: 'whatsapp' })
    .returning();
  const path = `/contacts/${contact?.id}`;
  expect((await call(app, 'GET', path, { token: attendant.token })).body.numberHidden).toBe(false);

  await app.deps.db
    .insert(companySettings)
    .values({ companyId: tenant.companyId, key: 'lgpdHideNumber', value: 'enabled' });

  const hidden = () => call(app, 'GET', path, { token: attendant.token }).then((r) => r.body.numberHidden);
  expect(await eventually(hidden, true)).toBe(true);
});

// Only PostgreSQL has a connection to lose (PGlite notifies inside the process).
test.runIf(process.env.TEST_DATABASE_URL)(
  'while the change feed is down nothing is served from memory, and after it is back changes still arrive',
  async () => {
    const tenant = await createTenant(app);
    const manager = await createUser(app, tenant.companyId, { profile: 'admin' });
    const list = () => call(app, 'GET', '/users', { token: manager.token });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    expect((await list()).status).toBe(200);

    await app.deps.database.executeSql(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'listen "balcao_actor_change"'`,
    );
    await pause(200);
    // Made while no process listens: no notification will ever tell anyone.
    await app.deps.db.update(users).set({ profile: 'user' }).where(eq(users.id, manager.id));
    expect((await list()).status).toBe(403);

    await pause(2_000);
    expect((await list()).status).toBe(403);
    await app.deps.db.update(users).set({ profile: 'admin' }).where(eq(users.id, manager.id));
    expect(await eventually(() => list().then((r) => r.status), 200)).toBe(200);
  },
);

test("a company's plan, read for work done on no user's behalf, follows a plan changed and a company moved to another", async () => {
  const tenant = await createTenant(app);
  const other = await createTenant(app, { plan: { useFacebook: false } });
  const facebook = () => app.deps.actors.plan(tenant.companyId).then((plan) => plan?.useFacebook);
  expect(await facebook()).toBe(true);

  await app.deps.db.update(plans).set({ useFacebook: false }).where(eq(plans.id, tenant.planId));
  const afterPlanChange = await eventually(facebook, false);
  await app.deps.db.update(plans).set({ useFacebook: true }).where(eq(plans.id, tenant.planId));
  await eventually(facebook, true);
  await app.deps.db.update(companies).set({ planId: other.planId }).where(eq(companies.id, tenant.companyId));

  expect(afterPlanChange).toBe(false);
  expect(await eventually(facebook, false)).toBe(false);
});
