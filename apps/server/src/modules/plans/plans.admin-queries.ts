import type { PlanAdmin } from '@balcao/shared';
import { asc, count, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { plans } from '../../db/schema/index.js';
import { toPlan } from './plans.queries.js';

/** Written out: inside a select from plans, drizzle would leave both ids unqualified (and both companies'). */
const companiesCount =
  sql<number>`(select count(*) from companies where companies.plan_id = plans.id)`.mapWith(Number);

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const toPlanAdmin = ({
  companiesCount,
  ...row
}: typeof plans.$inferSelect & { companiesCount: number }): PlanAdmin => ({
  ...toPlan(row),
  companiesCount,
});

/** A page of plans whose name holds the search, by name; each with how many companies are on it. */
export async function searchPlans(
  db: Db,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: PlanAdmin[]; total: number }> {
  const where = options.search ? ilike(plans.name, escapeLike(options.search)) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...getTableColumns(plans), companiesCount })
      .from(plans)
      .where(where)
      .orderBy(asc(plans.name), asc(plans.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(plans).where(where),
  ]);
  return { rows: rows.map(toPlanAdmin), total: totals?.total ?? 0 };
}

export async function findPlanAdmin(db: Db | Tx, id: number): Promise<PlanAdmin | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(plans), companiesCount })
    .from(plans)
    .where(eq(plans.id, id));
  return row && toPlanAdmin(row);
}

/** Every plan, by price: the company form's choice. */
export async function allPlans(db: Db) {
  const rows = await db.select().from(plans).orderBy(asc(plans.amountCents), asc(plans.id));
  return rows.map(toPlan);
}
