import type { FileList } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const filesKeys = {
  all: ['files'] as const,
  lists: () => [...filesKeys.all, 'list'] as const,
  list: (search: string) => [...filesKeys.lists(), search] as const,
  detail: (id: number) => [...filesKeys.all, 'detail', id] as const,
};

export const fileLists = pagedLists<'files', FileList>('files', filesKeys.lists());
