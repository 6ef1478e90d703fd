import {
  listPlantaoResponse,
  type Plantao,
  plantaoSchema,
  type SavePlantaoBody,
  userOptionsResponse,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { pagedLists } from '../../shared/query/paged-lists';

const plantaoKeys = {
  all: ['plantao'] as const,
  lists: () => [...plantaoKeys.all, 'list'] as const,
  users: () => [...plantaoKeys.all, 'users'] as const,
};
const plantaoLists = pagedLists<'plantoes', Plantao>('plantoes', plantaoKeys.lists());
export const flattenPlantoes = plantaoLists.flatten;

export function usePlantaoList() {
  return useInfiniteQuery({
    queryKey: [...plantaoKeys.lists(), ''],
    queryFn: ({ pageParam }) =>
      request('/plantao', { query: { pageNumber: pageParam }, schema: listPlantaoResponse }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Who may be on duty: the company's users, by name. */
export function usePlantaoUsers() {
  return useQuery({
    queryKey: plantaoKeys.users(),
    queryFn: () => request('/users/list', { schema: userOptionsResponse }),
  });
}

export function useSavePlantao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SavePlantaoBody }) =>
      id
        ? request(`/plantao/${id}`, { method: 'PUT', body, schema: plantaoSchema })
        : request('/plantao', { method: 'POST', body, schema: plantaoSchema }),
    onSuccess: (saved) => plantaoLists.upsert(queryClient, saved),
  });
}

export function useDeletePlantao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/plantao/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => plantaoLists.remove(queryClient, id),
  });
}
