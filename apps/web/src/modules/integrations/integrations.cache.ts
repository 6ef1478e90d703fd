import type { Integration } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const integrationsKeys = {
  all: ['queueIntegrations'] as const,
  lists: () => [...integrationsKeys.all, 'list'] as const,
  list: (search: string) => [...integrationsKeys.lists(), search] as const,
  detail: (id: number) => [...integrationsKeys.all, 'detail', id] as const,
};

export const integrationLists = pagedLists<'queueIntegrations', Integration>(
  'queueIntegrations',
  integrationsKeys.lists(),
);
