import { type CompanySchedules, type CompanySchedulesBody, msg } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { targetCompanyId } from '../../platform/permissions.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { toStoredSchedules } from '../queues/queues.queries.js';

const toAnswer = (row: { id: number; schedules: (typeof companies.$inferSelect)['schedules'] }) => ({
  id: row.id,
  schedules: row.schedules.map(({ weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB }) => ({
    weekdayEn,
    startTimeA,
    endTimeA,
    startTimeB,
    endTimeB,
  })),
});

/** The company's service hours: its own admin's, or any company's for the super user (the route's gate). */
export async function showCompanySchedules(ctx: Ctx, id: number): Promise<CompanySchedules> {
  const [row] = await ctx.db
    .select({ id: companies.id, schedules: companies.schedules })
    .from(companies)
    .where(eq(companies.id, targetCompanyId(ctx.actor, id)));
  if (!row) throw new AppError('ERR_NO_COMPANY_FOUND');
  return toAnswer(row);
}

/** Replaces the week; the bot reads it afresh for every message, so the next one already follows it. */
export async function updateCompanySchedules(
  ctx: Ctx,
  id: number,
  body: CompanySchedulesBody,
): Promise<CompanySchedules> {
  const companyId = targetCompanyId(ctx.actor, id);
  if (body.id !== undefined && body.id !== id)
    throw new AppError('ERR_VALIDATION', 'The body names another company', { id: msg.invalidValue });
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ schedules: companies.schedules })
      .from(companies)
      .where(eq(companies.id, companyId));
    const [updated] = await tx
      .update(companies)
      .set({ schedules: toStoredSchedules(body.schedules), updatedAt: new Date() })
      .where(eq(companies.id, companyId))
      .returning({ id: companies.id, schedules: companies.schedules });
    if (!before || !updated) throw new AppError('ERR_NO_COMPANY_FOUND');
    const changes = changedFields(before, updated, ['schedules']);
    if (Object.keys(changes).length)
      await recordAudit(tx, ctx, {
        companyId,
        action: 'company.update',
        entityType: 'company',
        entityId: companyId,
        changes,
      });
    return updated;
  });
  return toAnswer(row);
}
