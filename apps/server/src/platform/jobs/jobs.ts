import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../../db/client.js';

export type JobHandler<T> = (data: T) => Promise<void>;

/** The background job system: pg-boss on the same database, whichever driver runs it. */
export interface Jobs {
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<void>;
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
    await boss.createQueue(name);
    queues.add(name);
  };

  return {
    async send(name, data, options) {
      await ensureQueue(name);
      await boss.send(name, data, options ?? {});
      // A worker of this process takes the job now rather than at its next poll.
      const worker = localWorkers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    async work(name, handler) {
      await ensureQueue(name);
      const worker = await boss.work<object>(name, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
      localWorkers.set(name, worker);
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron);
    },
    stop: () => boss.stop({ graceful: true, wait: true }),
  };
}
