import type { Help } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const helpsKeys = {
  all: ['helps'] as const,
  lists: () => [...helpsKeys.all, 'list'] as const,
  list: (search: string) => [...helpsKeys.lists(), search] as const,
};

export const helpLists = pagedLists<'records', Help>('records', helpsKeys.lists());
