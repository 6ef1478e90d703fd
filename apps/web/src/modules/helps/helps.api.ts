import { type CreateHelpBody, helpSchema, listHelpsResponse, type UpdateHelpBody } from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { helpLists, helpsKeys } from './helps.keys';

export function useHelpList(search: string) {
  return useInfiniteQuery({
    queryKey: helpsKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/helps', { query: { searchParam: search, pageNumber: pageParam }, schema: listHelpsResponse }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useSaveHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateHelpBody | UpdateHelpBody }) =>
      id
        ? request(`/helps/${id}`, { method: 'PUT', body, schema: helpSchema })
        : request('/helps', { method: 'POST', body, schema: helpSchema }),
    onSuccess: (record) => helpLists.upsert(queryClient, record),
  });
}

export function useDeleteHelp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/helps/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => helpLists.remove(queryClient, id),
  });
}
