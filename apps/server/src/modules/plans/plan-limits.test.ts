import { QUEUE_COLORS } from '@balcao/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { connections, queues, users } from '../../db/schema/index.js';

/**
 * On PostgreSQL these creates run at once on separate connections: each counts what the company holds
 * while the others have not committed. On PGlite (one connection) they pass trivially.
 */
const app = await createTestApp();
afterAll(() => app.close());
const ATTEMPTS = 8;
const LIMIT = 3;

async function createAtOnce(token: string, url: string, body: (i: number) => object) {
  const answers = await Promise.all(
    Array.from({ length: ATTEMPTS }, (_, i) => call(app, 'POST', url, { token, body: body(i) })),
  );
  return answers.map((a) => (a.status === 201 ? 201 : `${a.status} ${a.body.error}`)).sort();
}

/** `free` creates pass, the rest are refused with the plan's code. */
const expected = (error: string, free = LIMIT) =>
  [...Array(free).fill(201), ...Array(ATTEMPTS - free).fill(`403 ${error}`)].sort();

async function held(table: typeof users | typeof queues | typeof connections, companyId: number) {
  const [row] = await app.deps.db
    .select({ total: count() })
    .from(table)
    .where(eq(table.companyId, companyId));
  return row?.total;
}

test('concurrent user creates leave exactly as many users as the plan allows', async () => {
  const tenant = await createTenant(app, { plan: { users: LIMIT } });

  const answers = await createAtOnce(tenant.admin.token, '/users', (i) => ({
    name: `Person ${i}`,
    email: `race-${tenant.companyId}-${i}@example.test`,
    password: 'Secret-1a',
  }));

  // The admin holds one of the seats.
  expect(answers).toEqual(expected('ERR_PLAN_USER_LIMIT', LIMIT - 1));
  expect(await held(users, tenant.companyId)).toBe(LIMIT);
});

test('concurrent queue creates leave exactly as many queues as the plan allows', async () => {
  const tenant = await createTenant(app, { plan: { queues: LIMIT } });

  const answers = await createAtOnce(tenant.admin.token, '/queue', (i) => ({
    name: `Fila ${i}`,
    color: QUEUE_COLORS[i],
  }));

  expect(answers).toEqual(expected('ERR_PLAN_QUEUE_LIMIT'));
  expect(await held(queues, tenant.companyId)).toBe(LIMIT);
});

test('concurrent connection creates leave exactly as many connections as the plan allows', async () => {
  const tenant = await createTenant(app, { plan: { connections: LIMIT } });

  const answers = await createAtOnce(tenant.admin.token, '/whatsapp', (i) => ({
    name: `Site ${i}`,
    channel: 'webchat',
  }));

  expect(answers).toEqual(expected('ERR_PLAN_CONNECTION_LIMIT'));
  expect(await held(connections, tenant.companyId)).toBe(LIMIT);
});

/** Several companies at once, so the pair in each overlaps even on a quiet machine. */
test('two users created at once on a three-user plan holding two leave exactly three', async () => {
  const tenants = await Promise.all(
    Array.from({ length: 8 }, () => createTenant(app, { plan: { users: 3 } })),
  );
  for (const tenant of tenants) await createUser(app, tenant.companyId);
  const body = (companyId: number, i: number) => ({
    name: `Pair ${i}`,
    email: `pair-${companyId}-${i}@example.test`,
    password: 'Secret-1a',
  });

  const answers = await Promise.all(
    tenants.map((tenant) =>
      Promise.all(
        [0, 1].map((i) =>
          call(app, 'POST', '/users', { token: tenant.admin.token, body: body(tenant.companyId, i) }),
        ),
      ),
    ),
  );

  for (const [index, pair] of answers.entries()) {
    expect(pair.map((a) => (a.status === 201 ? 201 : `${a.status} ${a.body.error}`)).sort()).toEqual([
      201,
      '403 ERR_PLAN_USER_LIMIT',
    ]);
    expect(await held(users, tenants[index]?.companyId ?? 0)).toBe(3);
  }
});
