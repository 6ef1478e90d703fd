import { bigint, date, json, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { companyId } from './companies.js';

/**
 * The dashboard facts of a slice of a company day (`modules/dashboard/dashboard.facts.ts`): a whole day
 * (`part` -1) once it has ended, or, during the current day, one of its hours (`part` n: the n-th hour from
 * the day's start on the company's clock). A copy, never the truth: it counts only while its `version`
 * equals the slice's in `dashboard_day_versions` and its time zone is the company's. Plain json (text):
 * it is only ever read whole, and printing jsonb's numbers cost more than the rest of the read.
 */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    part: smallint('part').notNull(),
    timezone: text('timezone').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    facts: json('facts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.part] })],
);

/**
 * How many times a slice's facts changed after it had passed (a transfer, a deleted ticket, an import),
 * raised in the changing statement's own transaction by triggers on the fact tables (migration 0034).
 * Facts of the last few minutes raise nothing: nothing of them is kept yet.
 */
export const dashboardDayVersions = pgTable(
  'dashboard_day_versions',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    part: smallint('part').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.part] })],
);
