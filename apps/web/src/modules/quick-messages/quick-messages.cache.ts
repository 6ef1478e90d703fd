import type { QuickMessage } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const quickMessagesKeys = {
  all: ['quick-messages'] as const,
  lists: () => [...quickMessagesKeys.all, 'list'] as const,
  list: (search: string) => [...quickMessagesKeys.lists(), search] as const,
  categories: () => [...quickMessagesKeys.all, 'categories'] as const,
  composer: () => [...quickMessagesKeys.all, 'composer'] as const,
};

export const quickMessageLists = pagedLists<'records', QuickMessage>('records', quickMessagesKeys.lists());
