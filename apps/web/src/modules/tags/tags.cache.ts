import type { Tag } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const tagsKeys = {
  all: ['tags'] as const,
  lists: () => [...tagsKeys.all, 'list'] as const,
  /** The lane tags' list (TagsKanban) keeps its own pages beside the search's. */
  list: (search: string, kanban?: boolean) =>
    [...tagsKeys.lists(), search, ...(kanban ? ['kanban'] : [])] as const,
};

export const tagLists = pagedLists<'tags', Tag>('tags', tagsKeys.lists());
