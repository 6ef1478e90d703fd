import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { users } from './users.js';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#5C6BC0'),
    /** Non-zero makes the tag a Kanban lane; such tags are removed from a ticket when it closes. */
    kanban: integer('kanban').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_company_name_key').on(t.companyId, sql`lower(${t.name})`)],
);
