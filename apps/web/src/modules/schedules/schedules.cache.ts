import type { Schedule } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const schedulesKeys = {
  all: ['schedules'] as const,
  lists: () => [...schedulesKeys.all, 'list'] as const,
  list: (search: string, contactId?: number) => [...schedulesKeys.lists(), search, contactId ?? 0] as const,
};

export const scheduleLists = pagedLists<'schedules', Schedule>('schedules', schedulesKeys.lists());
