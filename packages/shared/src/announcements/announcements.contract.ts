import { z } from 'zod';
import { pageNumber, plainText, requiredText } from '../validation.js';

/** Spec 001 §3: 1 high, 2 medium, 3 low (the default). */
export const DEFAULT_ANNOUNCEMENT_PRIORITY = 3;

export const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  priority: z.number(),
  /** Shown to the companies' users only while on. */
  status: z.boolean(),
  /** A signed link to the attached image, or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const announcementFields = {
  title: requiredText(1, 200),
  text: requiredText(1, 5000),
  priority: z.number().int().min(1).max(3),
  status: z.boolean(),
};

export const createAnnouncementBody = z.object({
  title: announcementFields.title,
  text: announcementFields.text,
  priority: announcementFields.priority.default(DEFAULT_ANNOUNCEMENT_PRIORITY),
  status: announcementFields.status.default(true),
});
export type CreateAnnouncementBody = z.infer<typeof createAnnouncementBody>;

export const updateAnnouncementBody = z.object(announcementFields).partial();
export type UpdateAnnouncementBody = z.infer<typeof updateAnnouncementBody>;

export const listAnnouncementsQuery = z.object({
  searchParam: plainText(100).trim().optional(),
  pageNumber,
});
export type ListAnnouncementsQuery = z.infer<typeof listAnnouncementsQuery>;

export const listAnnouncementsResponse = z.object({
  records: z.array(announcementSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

/** The top bar's popover: the announcements that are on, newest first, and how many the user has not seen. */
export const announcementFeedQuery = z.object({ pageNumber });
export const announcementFeedResponse = z.object({
  records: z.array(announcementSchema.extend({ unread: z.boolean() })),
  hasMore: z.boolean(),
  unread: z.number(),
});
export type AnnouncementFeed = z.infer<typeof announcementFeedResponse>;

export const announcementEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: announcementSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type AnnouncementEvent = z.infer<typeof announcementEvent>;
