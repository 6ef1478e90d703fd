import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import type { AppDeps } from './context.js';

/**
 * Fixed-window counters in the database, so every server process shares them.
 * `hit` counts one event and answers the count in the current window.
 */
export async function hitRateLimit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const windowStart = sql`now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowStart} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** The count in the current window, without counting an event: for limits that count only failures. */
export async function readRateLimit(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} >= now() - make_interval(secs => ${windowSeconds})`,
    );
  return row?.count ?? 0;
}

/** Gives back one counted event, for attempts that turned out legitimate. */
export async function releaseRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

const RATE_LIMIT_SWEEP_JOB = 'rate-limits.sweep';

/** Every key seen (each address, visitor, e-mail tried) leaves a row; past its window it only takes space. */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
}

export async function registerRateLimitSweep(deps: AppDeps): Promise<void> {
  await deps.jobs.work(RATE_LIMIT_SWEEP_JOB, () => sweepRateLimits(deps.db));
  await deps.jobs.schedule(RATE_LIMIT_SWEEP_JOB, '17 * * * *');
}
