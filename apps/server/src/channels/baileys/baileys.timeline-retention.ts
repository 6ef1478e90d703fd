import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { connectionStatusEvents, connections } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';

const TIMELINE_PRUNE_JOB = 'whatsapp.timeline-prune';

/** A connection's status timeline keeps its last 90 days, and never more than 500 entries (docs/decisions.md). */
export const TIMELINE_DAYS = 90;
export const TIMELINE_ROWS = 500;

/**
 * A session flapping for weeks writes a line per drop: older lines go. Each delete is a range scan
 * of the connection's timeline index (connection, newest first), so the prune costs what it removes.
 */
export async function pruneTimelines(db: Db): Promise<void> {
  const all = await db.select({ id: connections.id }).from(connections);
  for (const { id } of all) {
    const ofConnection = eq(connectionStatusEvents.connectionId, id);
    await db
      .delete(connectionStatusEvents)
      .where(
        and(
          ofConnection,
          lt(connectionStatusEvents.createdAt, sql`now() - make_interval(days => ${TIMELINE_DAYS})`),
        ),
      );
    await db.delete(connectionStatusEvents).where(
      and(
        ofConnection,
        sql`(${connectionStatusEvents.createdAt}, ${connectionStatusEvents.id}) < (
          select e.created_at, e.id from ${connectionStatusEvents} e where e.connection_id = ${id}
          order by e.created_at desc, e.id desc offset ${TIMELINE_ROWS - 1} limit 1)`,
      ),
    );
  }
}

export async function registerTimelinePrune(deps: AppDeps): Promise<void> {
  await deps.jobs.work(TIMELINE_PRUNE_JOB, () => pruneTimelines(deps.db));
  // Once a night across every process (pg-boss runs a schedule once, whoever declares it).
  await deps.jobs.schedule(TIMELINE_PRUNE_JOB, '43 3 * * *');
}
