import type { Prompt } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const promptsKeys = {
  all: ['prompts'] as const,
  lists: () => [...promptsKeys.all, 'list'] as const,
  list: (search: string) => [...promptsKeys.lists(), search] as const,
  detail: (id: number) => [...promptsKeys.all, 'detail', id] as const,
};

export const promptLists = pagedLists<'prompts', Prompt>('prompts', promptsKeys.lists());
