import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { sessionHeldElsewhere } from '../messages/messages.delivery-routing.js';
import { findCampaignRow } from './campaigns.answer.js';
import { findOrphanedRuns, finishIfDone, hasSendable } from './campaigns.dispatcher-queries.js';
import { runCampaign } from './campaigns.dispatcher-run.js';
import { cancelIncomplete, dueCampaigns, isComplete, startCampaign } from './campaigns.dispatcher-start.js';
import { createProgress } from './campaigns.report-events.js';

const DISPATCH_JOB = 'campaigns.dispatch';
const SWEEP_JOB = 'campaigns.sweep';

export interface DispatchJob {
  companyId: number;
  campaignId: number;
  /** How many times a process that could not send it passed the campaign on. */
  hops?: number;
}

/** Passed on once a second for a minute at most: the sessions' holder is one of the processes taking it. */
const HOP_DELAY_SECONDS = 1;
const MAX_HOPS = 60;

/**
 * Whether only other processes can send the campaign: each of its connections is a WhatsApp session
 * another live process holds, and a session sends only from its holder (as replies do). After the
 * last hop it runs where it is, and its refused sends take the connection-down rule.
 */
async function sendableOnlyElsewhere(deps: AppDeps, target: { companyId: number; id: number }) {
  const campaign = await findCampaignRow(deps.db, target.companyId, target.id);
  const ids = campaign?.connectionIds ?? [];
  if (ids.length === 0) return false;
  for (const id of ids)
    if (!(await sessionHeldElsewhere(deps, { companyId: target.companyId, id }))) return false;
  return true;
}

/** Asks for a campaign's dispatch now (after the commit that made it sendable), in whichever process takes the job. */
export async function wakeCampaign(deps: AppDeps, target: { companyId: number; id: number }) {
  await deps.jobs.send<DispatchJob>(DISPATCH_JOB, { companyId: target.companyId, campaignId: target.id });
}

/**
 * Asks for a sweep at a scheduled campaign's time (after the commit that scheduled it), so it starts
 * then rather than at the minute sweep after it; a changed schedule leaves a spare sweep, which finds nothing.
 */
export async function sweepAt(deps: AppDeps, at: Date) {
  await deps.jobs.send(SWEEP_JOB, {}, { startAfter: at });
}

/**
 * The campaign dispatcher of this process (docs/architecture.md, "Example: a campaign dispatcher").
 * A running campaign is sent by the one process holding its lease, in a loop paced by the settings
 * (campaigns.dispatcher-run.ts). The sweep, every minute and at start, starts scheduled campaigns at
 * their time, takes over campaigns whose process died, and finishes those with nothing left to send;
 * a dispatch job starts one at once (a restart, a confirmation just received).
 */
export async function registerCampaignDispatch(deps: AppDeps) {
  const runners = new Map<number, Promise<void>>();
  let halt = () => {};
  const control = { stopped: false, halted: new Promise<void>((resolve) => (halt = resolve)) };
  const progress = createProgress(deps);

  const run = async (target: { companyId: number; id: number }, hops = 0) => {
    if (control.stopped || runners.has(target.id)) return;
    if (hops < MAX_HOPS && (await sendableOnlyElsewhere(deps, target))) {
      const job = { companyId: target.companyId, campaignId: target.id, hops: hops + 1 };
      await deps.jobs.send<DispatchJob>(DISPATCH_JOB, job, { startAfter: HOP_DELAY_SECONDS });
      return;
    }
    if (control.stopped || runners.has(target.id)) return;
    const runner = runCampaign(deps, target, { control, progress })
      .catch((error: unknown) => deps.log.error(loggableError(error), 'campaign dispatch failed'))
      .finally(() => runners.delete(target.id));
    runners.set(target.id, runner);
  };

  const sweep = async () => {
    const now = deps.now();
    for (const due of await dueCampaigns(deps.db, now)) {
      if (!isComplete(due)) await cancelIncomplete(deps.db, due);
      else if (await startCampaign(deps.db, due, 'PROGRAMADA', now)) await run(due);
    }
    for (const orphan of await findOrphanedRuns(deps.db)) {
      if (await hasSendable(deps.db, orphan.id)) await run(orphan);
      else if (await finishIfDone(deps.db, orphan, now, deps.config.campaigns.confirmationHours))
        await progress(orphan, true);
    }
  };

  await deps.jobs.work<DispatchJob>(DISPATCH_JOB, async ({ companyId, campaignId, hops }) => {
    const campaign = await findCampaignRow(deps.db, companyId, campaignId);
    if (campaign?.status === 'EM_ANDAMENTO') await run(campaign, hops);
  });
  await deps.jobs.work(SWEEP_JOB, sweep);
  await deps.jobs.schedule(SWEEP_JOB, '* * * * *');
  await deps.jobs.send(SWEEP_JOB, {});

  return {
    /** Lets each running campaign finish the send in flight and release its lease. */
    async stop() {
      control.stopped = true;
      halt();
      await Promise.all(runners.values());
    },
  };
}
