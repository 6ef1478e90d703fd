import { type CompanyEvent, events } from '@balcao/shared';
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
  if (!row) return;
  const { company, plan } = row;
  const event: CompanyEvent = {
    action: 'update',
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      status: company.status,
      plan: toPlan(plan),
    },
  };
  deps.realtime.toCompany(companyId, events.company(companyId), event);
}
