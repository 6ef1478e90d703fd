import { bigint, date, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companyId } from './companies.js';

/**
 * One company day's dashboard facts, computed once from the cycles, ratings and tickets of that day on
 * the company's clock (`modules/dashboard/dashboard.facts.ts`). A copy, never the truth: it counts only
 * while its `version` equals the day's in `dashboard_day_versions` and its time zone the company's.
 */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    facts: jsonb('facts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/**
 * How many times a past company day's facts changed after it ended (a transfer, a deleted ticket, an
 * import), raised in the changing statement's own transaction by triggers on the fact tables (migration
 * 0034). The current day is never raised: nothing of it is kept.
 */
export const dashboardDayVersions = pgTable(
  'dashboard_day_versions',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);
