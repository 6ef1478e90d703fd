import {
  type CreatePlanBody,
  listPlansResponse,
  type PlanAdmin,
  planAdminSchema,
  type UpdatePlanBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { planLists, plansKeys } from './plans.cache';

export function usePlanList(search: string) {
  return useInfiniteQuery({
    queryKey: plansKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/plans', { query: { searchParam: search, pageNumber: pageParam }, schema: listPlansResponse }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreatePlanBody | UpdatePlanBody }) =>
      id
        ? request(`/plans/${id}`, { method: 'PUT', body, schema: planAdminSchema })
        : request('/plans', { method: 'POST', body, schema: planAdminSchema }),
    onSuccess: (plan: PlanAdmin) => {
      planLists.upsert(queryClient, plan);
      // The company form's plan choice reads every plan.
      void queryClient.invalidateQueries({ queryKey: ['companies', 'plan-choices'] });
    },
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/plans/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => planLists.remove(queryClient, id),
  });
}
