import {
  type CreateIntegrationBody,
  type Integration,
  integrationSchema,
  listIntegrationsResponse,
  type TestSessionBody,
  testSessionResponse,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { integrationLists, integrationsKeys } from './integrations.cache';

export function useIntegrationList(search: string) {
  return useInfiniteQuery({
    queryKey: integrationsKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/queueIntegration', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listIntegrationsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** One integration, for a picker that shows a link made earlier (it may not be on the first page). */
export function useIntegration(id: number | null) {
  return useQuery({
    queryKey: integrationsKeys.detail(id ?? 0),
    queryFn: () => request(`/queueIntegration/${id}`, { schema: integrationSchema }),
    enabled: id !== null,
  });
}

export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateIntegrationBody }) =>
      id
        ? request(`/queueIntegration/${id}`, { method: 'PUT', body, schema: integrationSchema })
        : request('/queueIntegration', { method: 'POST', body, schema: integrationSchema }),
    onSuccess: (record: Integration) => integrationLists.upsert(queryClient, record),
  });
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/queueIntegration/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => integrationLists.remove(queryClient, id),
  });
}

export function useTestSession() {
  return useMutation({
    mutationFn: (body: TestSessionBody) =>
      request('/queueIntegration/testSession', { method: 'POST', body, schema: testSessionResponse }),
  });
}
