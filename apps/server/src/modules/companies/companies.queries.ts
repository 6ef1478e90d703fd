import type { CompanyPlan } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies, plans } from '../../db/schema/index.js';
import { toPlan } from '../plans/plans.queries.js';

export async function findCompanyAndPlan(db: Db | Tx, companyId: number) {
  const [row] = await db
    .select({ company: companies, plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row;
}

export async function findCompanyWithPlan(db: Db | Tx, companyId: number): Promise<CompanyPlan | undefined> {
  const row = await findCompanyAndPlan(db, companyId);
  if (!row) return undefined;
  return { id: row.company.id, name: row.company.name, dueDate: row.company.dueDate, plan: toPlan(row.plan) };
}
