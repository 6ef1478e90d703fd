import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { users } from './users.js';

/** Notices from the platform to every company; owned by the platform company. */
export const announcements = pgTable(
  'announcements',
  {
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
  },
  (t) => [
    // The super user's list, by company and newest first.
    index('announcements_company_created_idx').on(t.companyId, t.createdAt),
    // Every user's popover and unread count read only the announcements that are on, newest first.
    index('announcements_live_created_idx').on(t.createdAt).where(sql`${t.status}`),
  ],
);

/**
 * When each user last opened the announcements: those created after it are unread. One row per
 * user (a timestamp, not a row per announcement), so reading all is one upsert and counting one
 * indexed range.
 */
export const announcementReads = pgTable('announcement_reads', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  readAt: at('read_at').notNull(),
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
