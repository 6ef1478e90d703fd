import type { Campaign } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignsKeys.all, 'list'] as const,
  list: (search: string) => [...campaignsKeys.lists(), search] as const,
  detail: (id: number) => [...campaignsKeys.all, 'detail', id] as const,
  report: (id: number) => [...campaignsKeys.all, 'report', id] as const,
  settings: () => [...campaignsKeys.all, 'settings'] as const,
  contactLists: () => [...campaignsKeys.all, 'contact-lists'] as const,
  templates: (connectionIds: readonly number[]) =>
    [...campaignsKeys.all, 'templates', ...connectionIds] as const,
};

export const campaignLists = pagedLists<'records', Campaign>('records', campaignsKeys.lists());
