import type { ErrorCode, TicketzNote } from '@balcao/shared';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companies } from './companies.js';

type TableCounts = { read: number; imported: number; skipped: Record<string, number> };

/**
 * An import from a Ticketz database started on the super user's companies screen (the command line
 * keeps no such row). A platform record, like plans: it belongs to no company until it made one.
 */
export const ticketzImports = pgTable(
  'ticketz_imports',
  {
    id: id(),
    /** The installation as the id map names it (host:port/database): never who signs in, nor how. */
    source: text('source').notNull(),
    /** The address without its password, as the screen shows it. */
    sourceLabel: text('source_label').notNull(),
    sourceCompanyId: integer('source_company_id').notNull(),
    /** The super user who started it; a plain id, so the row outlives them. */
    startedBy: integer('started_by').notNull(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    step: text('step'),
    stepRead: integer('step_read').notNull().default(0),
    stepExpected: integer('step_expected'),
    stepsDone: integer('steps_done').notNull().default(0),
    tables: jsonb('tables').$type<Record<string, TableCounts>>().notNull().default({}),
    notes: jsonb('notes').$type<(TicketzNote | string)[]>().notNull().default([]),
    targetCompanyId: integer('target_company_id').references(() => companies.id, { onDelete: 'set null' }),
    error: text('error').$type<ErrorCode>(),
    /**
     * The whole address, password included, sealed by the secret box: kept only while the import runs,
     * so a restarted server can go on, and erased when it ends (docs/decisions.md).
     */
    sealedUrl: text('sealed_url'),
    /** The run that may write it; the sweep names a new one when the run's process stopped. */
    runner: text('runner').notNull(),
    /** Until when the run holds it; a lapsed lease is taken over by the sweep. */
    leaseUntil: at('lease_until'),
    finishedAt: at('finished_at'),
    ...timestamps,
  },
  (t) => [
    // One import at a time of a Ticketz company.
    uniqueIndex('ticketz_imports_running_key')
      .on(t.source, t.sourceCompanyId)
      .where(sql`${t.status} = 'running'`),
  ],
);
