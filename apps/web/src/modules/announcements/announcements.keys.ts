import type { Announcement } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const announcementsKeys = {
  all: ['announcements'] as const,
  lists: () => [...announcementsKeys.all, 'list'] as const,
  list: (search: string) => [...announcementsKeys.lists(), search] as const,
  feed: () => [...announcementsKeys.all, 'feed'] as const,
};

export const announcementLists = pagedLists<'records', Announcement>('records', announcementsKeys.lists());
