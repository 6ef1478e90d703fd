import {
  type CreateQuickMessageBody,
  listQuickMessagesResponse,
  type QuickMessage,
  quickMessageSchema,
  type UpdateQuickMessageBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { quickMessageLists, quickMessagesKeys } from './quick-messages.cache';

export function useQuickMessageList(search: string) {
  return useInfiniteQuery({
    queryKey: quickMessagesKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/quick-messages', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listQuickMessagesResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The categories the modal offers (the first page: a company keeps a handful). */
export function useQuickMessageCategories() {
  return useQuery({
    queryKey: quickMessagesKeys.categories(),
    queryFn: () =>
      request('/quick-messages', { query: { isCategory: true }, schema: listQuickMessagesResponse }),
    select: (page) => page.records,
  });
}

function useSaved() {
  const queryClient = useQueryClient();
  return (record: QuickMessage) => {
    quickMessageLists.upsert(queryClient, record);
    void queryClient.invalidateQueries({ queryKey: quickMessagesKeys.composer() });
    if (record.isCategory) void queryClient.invalidateQueries({ queryKey: quickMessagesKeys.categories() });
  };
}

export function useSaveQuickMessage() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateQuickMessageBody | UpdateQuickMessageBody }) =>
      id
        ? request(`/quick-messages/${id}`, { method: 'PUT', body, schema: quickMessageSchema })
        : request('/quick-messages', { method: 'POST', body, schema: quickMessageSchema }),
    onSuccess,
  });
}

export function useDeleteQuickMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/quick-messages/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => quickMessageLists.remove(queryClient, id),
  });
}

export function useQuickMessageMedia() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      const path = `/quick-messages/${id}/media-upload`;
      if (!file) return request(path, { method: 'DELETE', schema: quickMessageSchema });
      const form = new FormData();
      form.append('file', file);
      return request(path, { method: 'POST', body: form, schema: quickMessageSchema });
    },
    onSuccess,
  });
}
