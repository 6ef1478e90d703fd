import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhookRejections } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';

const REJECTIONS_PRUNE_JOB = 'meta.rejections-prune';

/** How long a rejected element is kept for someone to read what Meta sent (docs/decisions.md). */
export const REJECTION_DAYS = 30;

export interface Rejection {
  /** The webhook's `object`. */
  source: string;
  reason: string;
  /** The element as Meta sent it. */
  raw: unknown;
  /** The connection the element was for, when that much could be read. */
  connection?: { id: number; companyId: number };
}

/**
 * Keeps an element of a delivery that was not stored as a message, and says so in the log. The same
 * element again (Meta redelivering after a neighbour's failure) is kept once.
 */
export async function recordRejection(deps: Pick<AppDeps, 'db' | 'log'>, rejection: Rejection) {
  const companyId = rejection.connection?.companyId ?? null;
  const connectionId = rejection.connection?.id ?? null;
  const raw = rejection.raw ?? null;
  deps.log.warn(
    { source: rejection.source, companyId, connectionId, reason: rejection.reason, raw },
    'webhook element rejected',
  );
  const digest = createHash('sha256')
    .update(JSON.stringify([rejection.source, companyId, connectionId, raw]))
    .digest('hex');
  await deps.db
    .insert(webhookRejections)
    .values({ companyId, connectionId, source: rejection.source, reason: rejection.reason, raw, digest })
    .onConflictDoNothing();
}

/** Rejections older than REJECTION_DAYS go: a range scan of their creation time's index. */
export async function pruneWebhookRejections(db: Db): Promise<void> {
  await db
    .delete(webhookRejections)
    .where(lt(webhookRejections.createdAt, sql`now() - make_interval(days => ${REJECTION_DAYS})`));
}

export async function registerRejectionsPrune(deps: AppDeps): Promise<void> {
  await deps.jobs.work(REJECTIONS_PRUNE_JOB, () => pruneWebhookRejections(deps.db));
  // Once a night across every process (pg-boss runs a schedule once, whoever declares it).
  await deps.jobs.schedule(REJECTIONS_PRUNE_JOB, '53 3 * * *');
}
