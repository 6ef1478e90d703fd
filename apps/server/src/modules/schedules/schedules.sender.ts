import { type ErrorCode, isSubscriptionActive, zonedParts } from '@balcao/shared';
import type { Tx } from '../../db/client.js';
import type { schedules } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { findCompanyAndPlan } from '../companies/companies.queries.js';
import { storeOutbound } from '../messages/messages.outbox.js';
import { findOrCreateTicket, lockContact } from '../tickets/tickets.resolution.js';
import { publishSchedule } from './schedules.events.js';
import {
  claimDueSchedule,
  failSchedule,
  findMissedSchedules,
  markScheduleTicket,
  releaseSchedule,
  sendingConnection,
} from './schedules.queries.js';

export const SEND_JOB = 'schedules.send';
const FAILED_JOB = 'schedules.failed';
const SWEEP_JOB = 'schedules.sweep';

const SWEEP_BATCH = 100;
const SEND_OPTIONS = { retryLimit: 3, retryDelay: 30, retryBackoff: true, deadLetter: FAILED_JOB };

export interface ScheduleJob {
  companyId: number;
  scheduleId: number;
}

/** Queues the sending of a schedule at `sendAt`, inside the transaction that saves it. */
export async function enqueueSchedule(deps: AppDeps, job: ScheduleJob, sendAt: Date, tx?: Tx) {
  await deps.jobs.send(SEND_JOB, job, { ...SEND_OPTIONS, startAfter: sendAt }, tx);
}

/**
 * Sends a due schedule through the contact's active ticket on its connection, or a new ticket.
 * The row decides, not the job: a schedule deleted, already sent, or moved later is left alone,
 * which is what makes a job that runs twice, or late, harmless.
 */
export async function sendSchedule(deps: AppDeps, job: ScheduleJob, now = new Date()): Promise<void> {
  const refusal = await companyRefusal(deps, job.companyId, now);
  if (refusal) {
    await failSchedule(deps.db, job.companyId, job.scheduleId, refusal);
    await publishSchedule(deps, job.companyId, job.scheduleId, 'update');
    return;
  }
  const schedule = await claimDueSchedule(deps.db, job.companyId, job.scheduleId, now);
  if (!schedule) return;
  let ticketId: number;
  try {
    ticketId = await storeScheduled(deps, job.companyId, schedule);
  } catch (error) {
    // Pending again with the reason, so the job's retry (or, after the last, the dead letter) sees it.
    await releaseSchedule(deps.db, job.companyId, schedule.id, (error as Error).message);
    await publishSchedule(deps, job.companyId, schedule.id, 'update');
    throw error;
  }
  await markScheduleTicket(deps.db, job.companyId, schedule.id, ticketId);
  await publishSchedule(deps, job.companyId, schedule.id, 'update');
}

/**
 * The server's rule for every job of a plan feature, as for its routes: a plan without schedules, or a
 * company switched off or past its due date, sends nothing. The schedule fails with the reason rather
 * than waiting: sent days late when the company comes back, it would say what is no longer true.
 */
async function companyRefusal(deps: AppDeps, companyId: number, now: Date): Promise<ErrorCode | undefined> {
  const row = await findCompanyAndPlan(deps.db, companyId);
  if (!row?.plan.useSchedules) return 'ERR_PLAN_FEATURE_DISABLED';
  const { company } = row;
  if (!company.status || !isSubscriptionActive(company.dueDate, zonedParts(now, company.timezone).date))
    return 'ERR_SUBSCRIPTION_EXPIRED';
  return undefined;
}

async function storeScheduled(
  deps: AppDeps,
  companyId: number,
  schedule: Pick<
    typeof schedules.$inferSelect,
    'contactId' | 'connectionId' | 'userId' | 'body' | 'mediaPath' | 'mediaName' | 'mediaType'
  >,
): Promise<number> {
  const connection = await sendingConnection(deps.db, companyId, schedule.connectionId);
  if (!connection) throw new Error('ERR_NO_DEF_WAPP_FOUND');
  const place = { companyId, connectionId: connection.id, channel: connection.channel };
  const { ticket } = await deps.db.transaction(async (tx) => {
    await lockContact(tx, companyId, schedule.contactId);
    return findOrCreateTicket(tx, place, schedule.contactId, { holderId: schedule.userId });
  });
  await storeOutbound(deps, {
    companyId,
    ticket,
    body: schedule.body,
    kind: 'schedule',
    userId: schedule.userId,
    media: schedule.mediaPath
      ? { mediaPath: schedule.mediaPath, mediaName: schedule.mediaName, mediaType: schedule.mediaType }
      : undefined,
  });
  return ticket.id;
}

/** Queues at once the schedules missed without a job (lost during downtime); answers how many. */
export async function sweepMissedSchedules(deps: AppDeps, now = new Date()): Promise<number> {
  const missed = await findMissedSchedules(deps.db, [SEND_JOB, FAILED_JOB], now, SWEEP_BATCH);
  for (const { companyId, id } of missed) await enqueueSchedule(deps, { companyId, scheduleId: id }, now);
  return missed.length;
}

export async function registerScheduleJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work<ScheduleJob>(SEND_JOB, (job) => sendSchedule(deps, job));
  await deps.jobs.work<ScheduleJob>(FAILED_JOB, async ({ companyId, scheduleId }) => {
    await failSchedule(deps.db, companyId, scheduleId);
    await publishSchedule(deps, companyId, scheduleId, 'update');
  });
  await deps.jobs.work(SWEEP_JOB, async () => {
    await sweepMissedSchedules(deps);
  });
  await deps.jobs.schedule(SWEEP_JOB, '* * * * *');
  // Downtime may have left due schedules without a job: they go out now, not at the next minute.
  await sweepMissedSchedules(deps);
}
