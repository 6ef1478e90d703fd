import type { AppDeps } from '../../platform/context.js';
import { sweepOfflineUsers } from './users.presence.js';

export const OFFLINE_SWEEP_JOB = 'users.sweep-offline';

export async function registerUserJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work(OFFLINE_SWEEP_JOB, async () => {
    await sweepOfflineUsers(deps);
  });
  await deps.jobs.schedule(OFFLINE_SWEEP_JOB, '* * * * *');
}
