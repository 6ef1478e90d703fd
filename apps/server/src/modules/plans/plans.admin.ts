import {
  type CreatePlanBody,
  type ListPlansQuery,
  PAGE_SIZE,
  type PlanAdmin,
  type UpdatePlanBody,
} from '@balcao/shared';
import { count, eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { companies, plans } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { publishPlanChange } from '../companies/companies.events.js';
import { findPlanAdmin, searchPlans } from './plans.admin-queries.js';

/**
 * The super user's plans (spec 001 §2 Planos). A change of limits or flags reaches every company on
 * the plan at its next request (the actor cache is told by the plans trigger, migration 0006), and its
 * users' menus at once (the company event).
 */
export async function listPlans(ctx: Ctx, query: ListPlansQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchPlans(ctx.db, { search: query.searchParam, limit: PAGE_SIZE, offset });
  return { plans: rows, hasMore: offset + rows.length < total, count: total };
}

export async function showPlan(ctx: Ctx, id: number): Promise<PlanAdmin> {
  const plan = await findPlanAdmin(ctx.db, id);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
  return plan;
}

const toColumns = ({ amount, ...rest }: UpdatePlanBody) => ({
  ...rest,
  ...(amount === undefined ? {} : { amountCents: amount }),
});

export async function createPlan(ctx: Ctx, input: CreatePlanBody): Promise<PlanAdmin> {
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(plans)
        .values({ ...toColumns(input), name: input.name })
        .returning({ id: plans.id });
      if (!row) throw new AppError('ERR_INTERNAL');
      await recordAudit(tx, ctx, {
        companyId: ctx.companyId,
        action: 'plan.create',
        entityType: 'plan',
        entityId: row.id,
        changes: { name: [null, input.name] },
      });
      return row.id;
    })
    .catch(rethrowTaken);
  return showPlan(ctx, id);
}

export async function updatePlan(ctx: Ctx, id: number, input: UpdatePlanBody): Promise<PlanAdmin> {
  await ctx.db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(plans).where(eq(plans.id, id));
      const [after] = await tx
        .update(plans)
        .set({ ...toColumns(input), updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning();
      if (!before || !after) throw new AppError('ERR_NO_PLAN_FOUND');
      const changes = changedFields(before, after, Object.keys(toColumns(input)));
      if (Object.keys(changes).length)
        await recordAudit(tx, ctx, {
          companyId: ctx.companyId,
          action: 'plan.update',
          entityType: 'plan',
          entityId: id,
          changes,
        });
    })
    .catch(rethrowTaken);
  await publishPlanChange(ctx, id);
  return showPlan(ctx, id);
}

/**
 * Refused while any company is on the plan. The count is the clear answer; the companies' foreign
 * key is what holds when a company joins the plan between the count and the delete.
 */
export async function deletePlan(ctx: Ctx, id: number): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      const [using] = await tx.select({ total: count() }).from(companies).where(eq(companies.planId, id));
      if (using && using.total > 0) throw new AppError('ERR_PLAN_IN_USE');
      const [row] = await tx.delete(plans).where(eq(plans.id, id)).returning({ name: plans.name });
      if (!row) throw new AppError('ERR_NO_PLAN_FOUND');
      await recordAudit(tx, ctx, {
        companyId: ctx.companyId,
        action: 'plan.delete',
        entityType: 'plan',
        entityId: id,
        changes: { name: [row.name, null] },
      });
    })
    .catch((error: unknown) => {
      const e = (error as { cause?: { code?: string } })?.cause ?? (error as { code?: string });
      if (e?.code === '23503') throw new AppError('ERR_PLAN_IN_USE');
      throw error;
    });
}

function rethrowTaken(error: unknown): never {
  if (isUniqueViolation(error, 'plans_name_key'))
    throw new AppError('ERR_PLAN_ALREADY_EXISTS', 'Plan name already in use');
  throw error;
}
