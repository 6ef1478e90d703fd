import { type CompanyEvent, events, type Plan } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { companies, plans } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { toPlan } from '../plans/plans.queries.js';
import { findCompanyAndPlan } from './companies.queries.js';

/**
 * Tells the company's own users that its due date, status or plan changed (a renewal, the super
 * user's edit): their top bar and plan-gated menu follow without a reload. Read after the commit, so
 * what they get is what is stored.
 */
export async function publishCompanyChange(deps: Pick<AppDeps, 'db' | 'realtime'>, companyId: number) {
  const row = await findCompanyAndPlan(deps.db, companyId);
  if (row) publish(deps, row.company, toPlan(row.plan));
}

/** A plan's limits or flags changed: every company on it hears, from one read of them all. */
export async function publishPlanChange(deps: Pick<AppDeps, 'db' | 'realtime'>, planId: number) {
  const rows = await deps.db
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.planId, planId));
  for (const row of rows) publish(deps, row.company, toPlan(row.plan));
}

function publish(deps: Pick<AppDeps, 'realtime'>, company: typeof companies.$inferSelect, plan: Plan) {
  const event: CompanyEvent = {
    action: 'update',
    company: { id: company.id, name: company.name, dueDate: company.dueDate, status: company.status, plan },
  };
  deps.realtime.toCompany(company.id, events.company(company.id), event);
}
