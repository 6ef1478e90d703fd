import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { statementsByShape } from '../../db/prepared.js';
import { ticketCycleHours, ticketCycles } from '../../db/schema/index.js';

const HOUR = 3_600_000;

const param = {
  companyId: sql.placeholder('companyId'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  wholeFrom: sql.placeholder('wholeFrom'),
  wholeTo: sql.placeholder('wholeTo'),
};

/** The whole hours (UTC) inside [from, to); none (both at `to`) when the period holds no whole hour. */
function wholeHours(from: Date, to: Date): { wholeFrom: Date; wholeTo: Date } {
  const first = Math.ceil(from.getTime() / HOUR) * HOUR;
  const last = Math.floor(to.getTime() / HOUR) * HOUR;
  return first < last
    ? { wholeFrom: new Date(first), wholeTo: new Date(last) }
    : { wholeFrom: to, wholeTo: to };
}

const instant = (value: SQLWrapper) => sql`${value}::timestamptz`;

const cyclesBetween = (from: SQLWrapper, to: SQLWrapper) =>
  sql`(select count(*) from ${ticketCycles} where ${ticketCycles.companyId} = ${param.companyId}
    and ${ticketCycles.createdAt} >= ${instant(from)} and ${ticketCycles.createdAt} < ${instant(to)})`;

/**
 * Every cycle of the company begun in the period, from the hours' counts: the period's whole hours
 * summed (a row each), the cycles of its partial ends (a company whose midnight is not on the hour)
 * counted one by one. A 30-day report adds up 720 rows instead of counting 34,000 cycles.
 */
const hoursStatement = statementsByShape('report_count_hours', (db, _shape: Record<string, never>) =>
  db
    .select({
      total: sql<number>`coalesce(sum(${ticketCycleHours.cycles}), 0)
        + ${cyclesBetween(param.from, param.wholeFrom)} + ${cyclesBetween(param.wholeTo, param.to)}`.mapWith(
        Number,
      ),
    })
    .from(ticketCycleHours)
    .where(
      and(
        eq(ticketCycleHours.companyId, param.companyId),
        sql`${ticketCycleHours.hour} >= ${instant(param.wholeFrom)}`,
        sql`${ticketCycleHours.hour} < ${instant(param.wholeTo)}`,
      ),
    ),
);

export async function countPeriodCycles(db: Db, companyId: number, from: Date, to: Date): Promise<number> {
  const { wholeFrom, wholeTo } = wholeHours(from, to);
  const [row] = await hoursStatement(db, {}).execute({
    companyId,
    from: from.toISOString(),
    to: to.toISOString(),
    wholeFrom: wholeFrom.toISOString(),
    wholeTo: wholeTo.toISOString(),
  });
  return row?.total ?? 0;
}
