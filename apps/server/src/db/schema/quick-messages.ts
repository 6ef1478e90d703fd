import { type AnyPgColumn, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { users } from './users.js';

export const quickMessages = pgTable(
  'quick_messages',
  {
    id: id(),
    companyId: companyId(),
    shortcode: text('shortcode').notNull(),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Shared with every user of the company rather than only its author. */
    geral: boolean('geral').notNull().default(false),
    status: boolean('status').notNull().default(true),
    isCategory: boolean('is_category').notNull().default(false),
    categoryId: integer('category_id').references((): AnyPgColumn => quickMessages.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [index('quick_messages_company_shortcode_idx').on(t.companyId, t.shortcode)],
);
