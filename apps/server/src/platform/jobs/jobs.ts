import PgBoss from 'pg-boss';
import { type ExecuteSql, executeSqlIn, type Tx } from '../../db/client.js';

/** How often an idle worker looks for jobs queued by another process (its own wake it at once). */
const POLLING_SECONDS = 2;

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

  const work = async (name: string, handler: JobHandler<object>) => {
    await ensureQueue(name);
    const options = { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 };
    const worker = await boss.work<object>(name, options, async ([job]) => {
      try {
        if (job) await handler(job.data);
      } finally {
        // A worker otherwise waits a whole polling interval between fetches, so a backlog (after a
        // restart, or jobs queued by another process) drained at one job per interval. Asking again
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
    work: (name, handler) => work(name, handler as JobHandler<object>),
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true });
    },
  };
}
