import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { users } from './users.js';

export const fileLists = pgTable(
  'file_lists',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('file_lists_company_name_idx').on(t.companyId, t.name)],
);

export const fileListOptions = pgTable(
  'file_list_options',
  {
    id: id(),
    companyId: companyId(),
    fileListId: integer('file_list_id')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Storage key of the uploaded file; null until one is uploaded. */
    path: text('path'),
    mediaName: text('media_name'),
    mediaType: text('media_type').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('file_list_options_list_idx').on(t.fileListId)],
);
