import type { PlanAdmin } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const plansKeys = {
  all: ['plans'] as const,
  lists: () => [...plansKeys.all, 'list'] as const,
  list: (search: string) => [...plansKeys.lists(), search] as const,
};

export const planLists = pagedLists<'plans', PlanAdmin>('plans', plansKeys.lists());
