import { type CreatePromptBody, listPromptsResponse, type Prompt, promptSchema } from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { promptLists, promptsKeys } from './prompts.cache';

export function usePromptList(search: string) {
  return useInfiniteQuery({
    queryKey: promptsKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/prompt', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listPromptsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function usePrompt(id: number | null) {
  return useQuery({
    queryKey: promptsKeys.detail(id ?? 0),
    queryFn: () => request(`/prompt/${id}`, { schema: promptSchema }),
    enabled: id !== null,
  });
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreatePromptBody }) =>
      id
        ? request(`/prompt/${id}`, { method: 'PUT', body, schema: promptSchema })
        : request('/prompt', { method: 'POST', body, schema: promptSchema }),
    onSuccess: (record: Prompt) => promptLists.upsert(queryClient, record),
  });
}

export function useDeletePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/prompt/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => promptLists.remove(queryClient, id),
  });
}
