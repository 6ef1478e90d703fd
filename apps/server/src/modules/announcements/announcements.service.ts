import {
  type Announcement,
  type AnnouncementFeed,
  type CreateAnnouncementBody,
  type ListAnnouncementsQuery,
  PAGE_SIZE,
  type UpdateAnnouncementBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { announcements } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishAnnouncement, publishAnnouncementDeleted } from './announcements.events.js';
import {
  type AnnouncementRow,
  announcementFeed,
  findAnnouncement,
  markAnnouncementsRead,
  searchAnnouncements,
  toAnnouncement,
} from './announcements.queries.js';

export async function listAnnouncements(ctx: Ctx, query: ListAnnouncementsQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchAnnouncements(ctx.db, ctx.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return {
    records: rows.map((row) => toAnnouncement(row, ctx.links)),
    hasMore: offset + rows.length < total,
    count: total,
  };
}

/** The super user's own company's announcement; any other id is not found. */
export async function findOwnAnnouncement(ctx: Ctx, id: number): Promise<AnnouncementRow> {
  const row = await findAnnouncement(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  return row;
}

export async function showAnnouncement(ctx: Ctx, id: number): Promise<Announcement> {
  return toAnnouncement(await findOwnAnnouncement(ctx, id), ctx.links);
}

export async function createAnnouncement(ctx: Ctx, input: CreateAnnouncementBody): Promise<Announcement> {
  const [row] = await ctx.db
    .insert(announcements)
    .values({ ...input, companyId: ctx.companyId })
    .returning();
  if (!row) throw new AppError('ERR_INTERNAL');
  const record = toAnnouncement(row, ctx.links);
  await publishAnnouncement(ctx, 'create', record);
  return record;
}

type AnnouncementChange = UpdateAnnouncementBody | { mediaPath: string | null; mediaName: string | null };

/** Saves the change and tells every company. */
export async function updateAnnouncement(
  ctx: Ctx,
  id: number,
  set: AnnouncementChange,
): Promise<Announcement> {
  const [row] = await ctx.db
    .update(announcements)
    .set({ ...set, updatedAt: new Date() })
    .where(tenant(announcements, ctx.companyId, eq(announcements.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  const record = toAnnouncement(row, ctx.links);
  await publishAnnouncement(ctx, 'update', record);
  return record;
}

export async function deleteAnnouncement(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(announcements)
    .where(tenant(announcements, ctx.companyId, eq(announcements.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
  if (row.mediaPath) await ctx.storage.remove(row.mediaPath);
  await publishAnnouncementDeleted(ctx, id);
}

export async function readAnnouncementFeed(ctx: Ctx, pageNumber: number): Promise<AnnouncementFeed> {
  const offset = (pageNumber - 1) * PAGE_SIZE;
  const feed = await announcementFeed(ctx.db, ctx.actor.userId, { limit: PAGE_SIZE, offset });
  return {
    records: feed.rows.map(({ row, unread }) => ({ ...toAnnouncement(row, ctx.links), unread })),
    hasMore: offset + feed.rows.length < feed.total,
    unread: feed.unread,
  };
}

/** Opening the popover reads every announcement there is now. */
export async function readAllAnnouncements(ctx: Ctx): Promise<void> {
  await markAnnouncementsRead(ctx.db, { userId: ctx.actor.userId, companyId: ctx.companyId });
}
