import { type Announcement, DEFAULT_ANNOUNCEMENT_PRIORITY, updateAnnouncementBody } from '@balcao/shared';
import type { z } from 'zod';

/** The contract's fields, all sent: what the dialog shows is what the server keeps. */
export const announcementForm = updateAnnouncementBody.required();
export type AnnouncementForm = z.infer<typeof announcementForm>;
export const announcementFieldNames = ['title', 'text', 'priority', 'status'] as const;

export const announcementFormDefaults = (record: Announcement | null): AnnouncementForm => ({
  title: record?.title ?? '',
  text: record?.text ?? '',
  priority: record?.priority ?? DEFAULT_ANNOUNCEMENT_PRIORITY,
  status: record?.status ?? true,
});
