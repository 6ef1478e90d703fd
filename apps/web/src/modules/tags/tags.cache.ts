import type { Tag } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const tagsKeys = {
  all: ['tags'] as const,
  lists: () => [...tagsKeys.all, 'list'] as const,
  list: (search: string) => [...tagsKeys.lists(), search] as const,
};

export const tagLists = pagedLists<'tags', Tag>('tags', tagsKeys.lists());
