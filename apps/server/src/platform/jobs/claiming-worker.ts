import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type PgBoss from 'pg-boss';
import type { ExecuteSql } from '../../db/client.js';

/** A condition on a job's data (`data`, jsonb) that this process must meet to take the job. */
export type Claimable = (data: SQL) => SQL;

const dialect = new PgDialect();

/**
 * pg-boss's own fetch (jobs created or due for a retry, by priority then age, locked ones skipped,
 * a retry counted when a job starts again) with `claimable` added, which pg-boss's fetch cannot take:
 * a job another process must run is left for it. Answers the jobs in queue order.
 */
async function claim(executeSql: ExecuteSql, name: string, batchSize: number, claimable: Claimable) {
  const query = dialect.sqlToQuery(sql`
    with next as (
      select id from pgboss.job
      where name = ${name} and state < 'active' and start_after < now() and ${claimable(sql`data`)}
      order by priority desc, created_on, id
      limit ${batchSize}
      for update skip locked
    ), taken as (
      update pgboss.job j set state = 'active', started_on = now(),
        retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
      from next where j.name = ${name} and j.id = next.id
      returning j.id, j.data, j.priority, j.created_on
    )
    select id, data from taken order by priority desc, created_on, id`);
  const { rows } = await executeSql(query.sql, query.params);
  return rows as { id: string; data: object }[];
}

export interface ClaimingWorker {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * A worker of queue `name` that takes jobs with `claimable` and settles them through pg-boss, as
 * `Jobs.workBatch` does: failures answered at their index fail those jobs (retry, then dead letter),
 * the rest complete; throwing fails the batch. It polls every `pollMs`, and at once after a full batch.
 */
export function startClaimingWorker(
  boss: PgBoss,
  executeSql: ExecuteSql,
  name: string,
  options: {
    batchSize: number;
    pollMs: number;
    claimable: Claimable;
    handler: (batch: object[]) => Promise<unknown[]>;
    onError: (error: Error) => void;
  },
): ClaimingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let stopped = false;

  const once = async () => {
    const jobs = await claim(executeSql, name, options.batchSize, options.claimable);
    if (jobs.length === 0) return false;
    const ids = jobs.map((job) => job.id);
    try {
      const failures = await options.handler(jobs.map((job) => job.data));
      for (const [index, id] of ids.entries())
        if (failures[index] !== undefined) await boss.fail(name, id, failures[index] as object);
      const done = ids.filter((_, index) => failures[index] === undefined);
      if (done.length > 0) await boss.complete(name, done);
    } catch (error) {
      await boss.fail(name, ids, error as object);
    }
    return true;
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    clearTimeout(timer);
    running = once()
      .catch((error: Error) => {
        options.onError(error);
        return false;
      })
      .then((more) => {
        running = undefined;
        if (more || wakeAgain) {
          wakeAgain = false;
          wake();
        } else if (!stopped) timer = setTimeout(wake, options.pollMs);
      });
  };
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
