import type { Announcement } from '@balcao/shared';
import { and, count, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcementReads, announcements, companies } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** What an announcement exposes, at every exit (answers and events): its image only as a signed link. */
export function toAnnouncement(row: AnnouncementRow, links: MediaLinks): Announcement {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority,
    status: row.status,
    mediaPath: links.url(row.mediaPath),
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findAnnouncement(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(tenant(announcements, companyId, eq(announcements.id, id)));
  return row;
}

export async function searchAnnouncements(
  db: Db,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = tenant(
    announcements,
    companyId,
    pattern ? or(ilike(announcements.title, pattern), ilike(announcements.text, pattern)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(announcements).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** When the user last opened the announcements, or undefined if never. */
async function lastRead(db: Db, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ readAt: announcementReads.readAt })
    .from(announcementReads)
    .where(eq(announcementReads.userId, userId));
  return row?.readAt;
}

const live = eq(announcements.status, true);
const createdAfter = (readAt: Date | undefined): SQL | undefined =>
  readAt ? gt(announcements.createdAt, readAt) : undefined;

/**
 * The announcements that are on, newest first, for any company's user: they are the platform's
 * notices to all. Each says whether it came after the user last opened them.
 */
export async function announcementFeed(db: Db, userId: number, options: { limit: number; offset: number }) {
  const readAt = await lastRead(db, userId);
  const [rows, [unread], [totals]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(live)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({ total: count() })
      .from(announcements)
      .where(and(live, createdAfter(readAt))),
    db.select({ total: count() }).from(announcements).where(live),
  ]);
  return {
    rows: rows.map((row) => ({ row, unread: !readAt || row.createdAt > readAt })),
    unread: unread?.total ?? 0,
    total: totals?.total ?? 0,
  };
}

/**
 * Everything created until now counts as read. The database's clock, the one `created_at` is
 * written with, so an announcement and a read a moment apart are never ordered by two clocks.
 */
export async function markAnnouncementsRead(db: Db, user: { userId: number; companyId: number }) {
  await db
    .insert(announcementReads)
    .values({ userId: user.userId, companyId: user.companyId, readAt: sql`now()` })
    .onConflictDoUpdate({ target: announcementReads.userId, set: { readAt: sql`now()` } });
}

/** Every company, to tell each one's users: the event name carries the company. */
export async function allCompanyIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: companies.id }).from(companies);
  return rows.map((row) => row.id);
}
