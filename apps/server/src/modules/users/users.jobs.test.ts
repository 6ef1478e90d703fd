import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { users } from '../../db/schema/index.js';
import { OFFLINE_SWEEP_JOB } from './users.jobs.js';

const app = await createTestApp();
afterAll(() => app.close());

test('the sweep job, run by pg-boss, marks users offline when their heartbeat stops', async () => {
  const tenant = await createTenant(app);
  const stale = sql`now() - interval '10 minutes'`;
  await app.deps.db
    .update(users)
    .set({ online: true, lastSeenAt: stale })
    .where(eq(users.id, tenant.admin.id));

  await app.deps.jobs.send(OFFLINE_SWEEP_JOB, {});
  let online = true;
  for (let i = 0; i < 40 && online; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [row] = await app.deps.db
      .select({ online: users.online })
      .from(users)
      .where(eq(users.id, tenant.admin.id));
    online = row?.online ?? true;
  }

  expect(online).toBe(false);
});
