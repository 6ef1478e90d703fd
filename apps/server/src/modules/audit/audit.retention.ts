import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';

const AUDIT_PRUNE_JOB = 'audit.prune';

/** Entries older than the retention go, every company's at once: a range scan of the time index. */
export async function pruneAuditLog(db: Db, days: number, now: Date): Promise<void> {
  await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`));
}

export async function registerAuditPrune(deps: AppDeps): Promise<void> {
  await deps.jobs.work(AUDIT_PRUNE_JOB, () =>
    pruneAuditLog(deps.db, deps.config.auditRetentionDays, deps.now()),
  );
  // Once a night across every process (pg-boss runs a schedule once, whoever declares it).
  await deps.jobs.schedule(AUDIT_PRUNE_JOB, '23 4 * * *');
}
