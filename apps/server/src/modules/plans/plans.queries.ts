import type { Plan } from '@balcao/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { plans } from '../../db/schema/index.js';

type PlanRow = typeof plans.$inferSelect;

export const toPlan = ({ amountCents, createdAt: _c, updatedAt: _u, ...rest }: PlanRow): Plan => ({
  ...rest,
  amount: amountCents,
});

export async function listPublicPlans(db: Db): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.isPublic, true))
    .orderBy(asc(plans.amountCents), asc(plans.id));
  return rows.map(toPlan);
}

export async function findPublicPlan(db: Db | Tx, id: number): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.isPublic, true)));
  return row;
}
