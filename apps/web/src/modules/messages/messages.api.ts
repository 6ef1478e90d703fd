import {
  type ForwardMessagesBody,
  forwardMessagesResponse,
  listMessagesResponse,
  messageSchema,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { addMessage } from './messages.cache';

export const messagesKeys = {
  all: ['messages'] as const,
  list: (ticketId: number) => [...messagesKeys.all, 'list', ticketId] as const,
};

const fetchPage = (ticketId: number, pageNumber: number) =>
  request(`/messages/${ticketId}`, { query: { pageNumber }, schema: listMessagesResponse });

/** Page 1 is the newest; each next page goes further back. Reading page 1 marks the ticket read. */
export function useMessages(ticketId: number) {
  return useInfiniteQuery({
    queryKey: messagesKeys.list(ticketId),
    queryFn: ({ pageParam }) => fetchPage(ticketId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Asks for the newest page only for its side effect: the server marks what this screen shows as read. */
export const markMessagesRead = (ticketId: number) => fetchPage(ticketId, 1).then(() => undefined);

export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; quotedMsgId?: number }) =>
      request(`/messages/${ticketId}`, { method: 'POST', body: input, schema: messageSchema }),
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      request(`/messages/edit/${id}`, { method: 'POST', body: { body }, schema: messageSchema }),
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/messages/${id}`, { method: 'DELETE', schema: messageSchema }),
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

export function useReactToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, emoji }: { id: number; emoji: string }) =>
      request(`/messages/${id}/react`, { method: 'POST', body: { emoji }, schema: messageSchema }),
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

export const useForwardMessages = () =>
  useMutation({
    mutationFn: (body: ForwardMessagesBody) =>
      request('/message/forward', { method: 'POST', body, schema: forwardMessagesResponse }),
  });
