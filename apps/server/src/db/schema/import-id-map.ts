import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { companyId } from './companies.js';

/**
 * What an import from another product (Ticketz) made of each row it read: the source row, named by
 * its table and id, and the row it became in the company it was imported into. A rerun skips what it
 * finds here, so only new rows are added and a run stopped half-way resumes where it stopped.
 */
export const importIdMap = pgTable(
  'import_id_map',
  {
    companyId: companyId(),
    sourceTable: text('source_table').notNull(),
    sourceId: text('source_id').notNull(),
    /** The row made of it; 0 for a link row (a tag on a contact, a user in a queue), which has no id. */
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    importedAt: at('imported_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.sourceTable, t.sourceId] }),
    // Which company a source company became, before its id is known (source_id names the installation).
    index('import_id_map_source_idx').on(t.sourceTable, t.sourceId),
  ],
);
