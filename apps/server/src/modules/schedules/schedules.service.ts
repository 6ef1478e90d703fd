import {
  type CreateScheduleBody,
  can,
  instantOf,
  type ListSchedulesQuery,
  PAGE_SIZE,
  type Schedule,
  type UpdateScheduleBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { schedules } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { numbersHiddenFor } from '../contacts/contacts.masking.js';
import { publishSchedule, publishScheduleDeleted } from './schedules.events.js';
import {
  connectionExists,
  contactExists,
  findSchedule,
  searchSchedules,
  toSchedule,
} from './schedules.queries.js';
import { enqueueSchedule, SEND_JOB } from './schedules.sender.js';

/** Admins see and change every schedule of the company; others only their own. */
const ownerOf = (ctx: Ctx) => (can(ctx.actor, 'schedules:manageAll') ? undefined : ctx.actor.userId);

export async function listSchedules(ctx: Ctx, query: ListSchedulesQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchSchedules(ctx.db, ctx.companyId, {
    search: query.searchParam,
    contactId: query.contactId,
    ownerId: ownerOf(ctx),
    numbersHidden: await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId),
    limit: PAGE_SIZE,
    offset,
  });
  return { schedules: rows, hasMore: offset + rows.length < total, count: total };
}

export async function showSchedule(ctx: Ctx, id: number): Promise<Schedule> {
  const row = await findSchedule(ctx.db, ctx.companyId, id, ownerOf(ctx));
  if (!row) throw new AppError('ERR_NO_SCHEDULE_FOUND');
  return toSchedule(row, await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId));
}

async function checkReferences(ctx: Ctx, input: UpdateScheduleBody) {
  if (input.contactId !== undefined && !(await contactExists(ctx.db, ctx.companyId, input.contactId)))
    throw new AppError('ERR_NO_CONTACT_FOUND');
  if (input.connectionId && !(await connectionExists(ctx.db, ctx.companyId, input.connectionId)))
    throw new AppError('ERR_NO_WAPP_FOUND');
}

/** The row and its sending job commit together: a schedule never exists without its job. */
export async function createSchedule(ctx: Ctx, input: CreateScheduleBody): Promise<Schedule> {
  await checkReferences(ctx, input);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schedules)
      .values({
        companyId: ctx.companyId,
        body: input.body,
        contactId: input.contactId,
        connectionId: input.connectionId ?? null,
        sendAt: instantOf(input.sendAt, ctx.actor.company.timezone),
        userId: ctx.actor.userId,
      })
      .returning({ id: schedules.id, sendAt: schedules.sendAt });
    if (!row) throw new AppError('ERR_INTERNAL');
    await enqueueSchedule(ctx, { companyId: ctx.companyId, scheduleId: row.id }, row.sendAt, tx);
    return row.id;
  });
  ctx.jobs.wake(SEND_JOB);
  await publishSchedule(ctx, ctx.companyId, id, 'create');
  return showSchedule(ctx, id);
}

/**
 * Saving moves the schedule to its (new) time with a new job; the job already queued finds the
 * row not yet due when it runs and leaves it. A failed schedule saved again is tried again.
 */
export async function updateSchedule(ctx: Ctx, id: number, input: UpdateScheduleBody): Promise<Schedule> {
  const current = await showSchedule(ctx, id);
  if (current.status === 'ENVIADA')
    throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 'A sent schedule cannot be saved again');
  await checkReferences(ctx, input);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(schedules)
      .set({
        ...input,
        sendAt: input.sendAt === undefined ? undefined : instantOf(input.sendAt, ctx.actor.company.timezone),
        status: 'PENDENTE',
        error: null,
      })
      .where(tenant(schedules, ctx.companyId, eq(schedules.id, id), eq(schedules.status, current.status)))
      .returning({ id: schedules.id, sendAt: schedules.sendAt });
    if (row) await enqueueSchedule(ctx, { companyId: ctx.companyId, scheduleId: row.id }, row.sendAt, tx);
    return row;
  });
  // It was sent (or failed) between the read and the update.
  if (!updated) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 'The schedule changed meanwhile');
  ctx.jobs.wake(SEND_JOB);
  await publishSchedule(ctx, ctx.companyId, id, 'update');
  return showSchedule(ctx, id);
}

/** Its job, if still queued, finds no row when it runs. */
export async function deleteSchedule(ctx: Ctx, id: number): Promise<void> {
  const schedule = await showSchedule(ctx, id);
  const [gone] = await ctx.db
    .delete(schedules)
    .where(tenant(schedules, ctx.companyId, eq(schedules.id, id)))
    .returning({ mediaPath: schedules.mediaPath, status: schedules.status });
  // A sent schedule's file is its message's now; an unsent one's belongs to nobody any more.
  if (gone?.mediaPath && gone.status !== 'ENVIADA') await ctx.storage.remove(gone.mediaPath);
  publishScheduleDeleted(ctx, ctx.companyId, schedule);
}
