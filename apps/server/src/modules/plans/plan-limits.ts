import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, connections, plans, queues, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { AppError } from '../../platform/errors.js';

const limited = {
  users: { table: users, refusal: 'ERR_PLAN_USER_LIMIT' },
  queues: { table: queues, refusal: 'ERR_PLAN_QUEUE_LIMIT' },
  connections: { table: connections, refusal: 'ERR_PLAN_CONNECTION_LIMIT' },
} as const;

/**
 * Makes room for `adding` new rows of what the plan counts, or refuses with the plan's code; answers
 * how many the company held before. The company row stays locked until the caller's transaction ends,
 * so a concurrent create for the same company waits here and counts this one's rows once committed.
 * `no key update` rather than `update`: it does not block the company's other inserts, whose foreign
 * keys take a key-share lock on the same row.
 */
export async function takePlanRoom(
  tx: Tx,
  companyId: number,
  what: keyof typeof limited,
  adding = 1,
): Promise<number> {
  const { table, refusal } = limited[what];
  const [company] = await tx
    .select({ limit: plans[what] })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .for('no key update', { of: companies });
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  const [row] = await tx.select({ total: count() }).from(table).where(tenant(table, companyId));
  const held = row?.total ?? 0;
  if (held + adding > company.limit) throw new AppError(refusal);
  return held;
}
