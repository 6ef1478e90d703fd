import {
  type CreateTagBody,
  listTagsResponse,
  type Tag,
  tagSchema,
  type UpdateTagBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { tagLists, tagsKeys } from './tags.cache';

export function useTagList(search: string, kanban?: boolean) {
  return useInfiniteQuery({
    queryKey: tagsKeys.list(search, kanban),
    queryFn: ({ pageParam }) =>
      request('/tags', {
        query: { searchParam: search, pageNumber: pageParam, kanban },
        schema: listTagsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateTagBody | UpdateTagBody }) =>
      id
        ? request(`/tags/${id}`, { method: 'PUT', body, schema: tagSchema })
        : request('/tags', { method: 'POST', body, schema: tagSchema }),
    onSuccess: (tag: Tag) => tagLists.upsert(queryClient, tag),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/tags/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => tagLists.remove(queryClient, id),
  });
}
