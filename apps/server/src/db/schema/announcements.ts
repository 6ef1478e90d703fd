import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId } from './companies.js';

/** Notices from the platform to every company; owned by the platform company. */
export const announcements = pgTable('announcements', {
  id: id(),
  companyId: companyId(),
  title: text('title').notNull(),
  text: text('text').notNull(),
  /** 1 high, 2 medium, 3 low. */
  priority: integer('priority').notNull().default(3),
  status: boolean('status').notNull().default(true),
  mediaPath: text('media_path'),
  mediaName: text('media_name'),
  ...timestamps,
});

export const helps = pgTable(
  'helps',
  {
    id: id(),
    title: text('title').notNull(),
    video: text('video').notNull().default(''),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('helps_title_key').on(t.title)],
);
