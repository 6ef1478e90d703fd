import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { rateLimits } from '../db/schema/index.js';
import { hitRateLimit, sweepRateLimits } from './rate-limit.js';

const app = await createTestApp();
afterAll(() => app.close());

test('counters past their window are swept, current ones kept', async () => {
  const [stale, current] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
  await app.deps.db
    .insert(rateLimits)
    .values({ key: stale, windowStart: sql`now() - interval '2 days'`, count: 3 });
  await hitRateLimit(app.deps.db, current, 3600);

  await sweepRateLimits(app.deps.db);

  const left = await app.deps.db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(inArray(rateLimits.key, [stale, current]));
  expect(left).toEqual([{ key: current }]);
});
