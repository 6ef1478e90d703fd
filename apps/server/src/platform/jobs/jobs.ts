import PgBoss from 'pg-boss';
import { type ExecuteSql, executeSqlIn, type Tx } from '../../db/client.js';

/** PostgreSQL's SQLSTATE for a transaction it rolled back to break a deadlock. */
const DEADLOCK = '40P01';

type JobHandler<T> = (data: T) => Promise<void>;

/** How a job is run: its retries, their delay and backoff, where it goes after the last one. */
export type JobOptions = PgBoss.SendOptions;

/** The background job system: pg-boss on the same database, whichever driver runs it. */
export interface Jobs {
  /**
   * Queues a job; given `tx`, the job is inserted in that transaction and exists only if it commits.
   * Then call `wake` after the commit, since a worker woken earlier would not see the job yet.
   */
  send<T extends object>(name: string, data: T, options?: JobOptions, tx?: Tx): Promise<void>;
  /** Lets this process's worker of a queue take its jobs now rather than at its next poll. */
  wake(name: string): void;
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /**
   * Hands the worker's jobs to `handler` up to `batchSize` at a time, in queue order: one fetch and one
   * completion serve the batch, and the handler may read and publish for all of it at once. It answers
   * each job's failure at the job's index (nothing where it succeeded): each job still retries, or goes
   * to its dead letter, on its own. Throwing fails the whole batch.
   */
  workBatch<T extends object>(
    name: string,
    handler: (batch: T[]) => Promise<unknown[]>,
    options: { batchSize: number },
  ): Promise<void>;
  /** A cron schedule (company-independent sweeps); every process may declare it, one runs it. */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startJobs(executeSql: ExecuteSql, log: (error: Error) => void): Promise<Jobs> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeSql(text, values) },
    schema: 'pgboss',
  });
  boss.on('error', log);
  await boss.start();
  const queues = new Set<string>();
  const localWorkers = new Map<string, string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    // Processes started together on an empty database create the same queues at once, and pg-boss's
    // create_queue (a row, then partition DDL on the job table) can deadlock. PostgreSQL rolls the
    // victim back whole, and creating again is safe: the queue then exists or gets created.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || attempt === 5) throw error;
      }
    }
    queues.add(name);
  };
  const wake = (name: string) => {
    const worker = localWorkers.get(name);
    if (worker) boss.notifyWorker(worker);
  };

  const consume = async (
    name: string,
    batchSize: number,
    handler: (batch: object[]) => Promise<unknown[]>,
  ) => {
    await ensureQueue(name);
    const options = { pollingIntervalSeconds: 2, batchSize };
    const worker = await boss.work<object>(name, options, async (jobs) => {
      try {
        const failures = await handler(jobs.map((job) => job.data));
        // Failed one by one before pg-boss completes the batch, which completes only the jobs still active.
        for (const [index, job] of jobs.entries())
          if (failures[index] !== undefined) await boss.fail(name, job.id, failures[index] as object);
      } finally {
        // A worker otherwise waits a whole polling interval between fetches, so a backlog (after a
        // restart, or jobs queued by another process) drained at one batch per interval. Asking again
        // at once drains it; an empty fetch then waits the interval as usual.
        wake(name);
      }
    });
    localWorkers.set(name, worker);
  };

  return {
    async send(name, data, options = {}, tx) {
      if (!tx) {
        await ensureQueue(name);
        await boss.send(name, data, options);
        return wake(name);
      }
      // Creating a queue outside the transaction would wait for it forever on PGlite's one connection.
      if (!queues.has(name)) throw new Error(`Queue ${name} must exist before a transaction sends to it`);
      await boss.send(name, data, { ...options, db: { executeSql: executeSqlIn(tx) } });
    },
    wake,
    work: (name, handler) =>
      consume(name, 1, async ([data]) => {
        await handler(data as never);
        return [];
      }),
    workBatch: (name, handler, { batchSize }) => consume(name, batchSize, handler as never),
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron);
    },
    stop: () => boss.stop({ graceful: true, wait: true }),
  };
}
