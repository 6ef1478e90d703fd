import type { AppDeps } from '../../platform/context.js';
import type { Jobs } from '../../platform/jobs/jobs.js';
import { sweepOfflineUsers } from './users.presence.js';

export const OFFLINE_SWEEP_JOB = 'users.sweep-offline';

export async function registerUserJobs(deps: AppDeps, jobs: Jobs): Promise<void> {
  await jobs.work(OFFLINE_SWEEP_JOB, async () => {
    await sweepOfflineUsers(deps);
  });
  await jobs.schedule(OFFLINE_SWEEP_JOB, '* * * * *');
}
