import {
  chatMessageSchema,
  chatSchema,
  chatTicketLinksResponse,
  listChatMessagesResponse,
  listChatsResponse,
  type SaveChatBody,
  userOptionsResponse,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { useSessionUser } from '../../shared/session/session-user';
import { chatsCache } from './chats.cache';
import { chatsKeys } from './chats.keys';

export function useChatList(search: string) {
  return useInfiniteQuery({
    queryKey: chatsKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/chats', { query: { searchParam: search, pageNumber: pageParam }, schema: listChatsResponse }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The chats with unread messages, for the top bar (its first page: a user reads faster than that fills). */
export function useUnreadChats(enabled: boolean) {
  return useQuery({
    queryKey: chatsKeys.unread(),
    queryFn: () => request('/chats', { query: { withUnread: true }, schema: listChatsResponse }),
    enabled,
  });
}

export function useChat(uuid: string | undefined) {
  return useQuery({
    queryKey: chatsKeys.one(uuid ?? ''),
    queryFn: () => request(`/chats/u/${uuid}`, { schema: chatSchema }),
    enabled: Boolean(uuid),
    retry: false,
  });
}

export function useChatMessages(chatId: number) {
  return useInfiniteQuery({
    queryKey: chatsKeys.messages(chatId),
    queryFn: ({ pageParam }) =>
      request(`/chats/${chatId}/messages`, {
        query: { pageNumber: pageParam },
        schema: listChatMessagesResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useTicketLinks(ids: readonly number[]) {
  return useQuery({
    queryKey: chatsKeys.ticketLinks(ids),
    queryFn: () =>
      request('/chats/ticket-links', { query: { ids: ids.join(',') }, schema: chatTicketLinksResponse }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

export function useUserOptions() {
  return useQuery({
    queryKey: chatsKeys.userOptions(),
    queryFn: () => request('/users/list', { schema: userOptionsResponse }),
  });
}

export function useSaveChat() {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: SaveChatBody }) =>
      id
        ? request(`/chats/${id}`, { method: 'PUT', body, schema: chatSchema })
        : request('/chats', { method: 'POST', body, schema: chatSchema }),
    onSuccess: (chat) => chatsCache.upsert(queryClient, chat, me.id),
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  return useMutation({
    mutationFn: (id: number) => request(`/chats/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => chatsCache.remove(queryClient, id, me.id),
  });
}

export function useSendChatMessage(chatId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, file }: { message: string; file?: File }) => {
      if (!file) {
        return request(`/chats/${chatId}/messages`, {
          method: 'POST',
          body: { message },
          schema: chatMessageSchema,
        });
      }
      const form = new FormData();
      form.append('fromMe', 'true');
      form.append('typeArch', 'chats');
      form.append('body', message);
      form.append('medias', file);
      return request(`/chats/${chatId}/messages`, { method: 'POST', body: form, schema: chatMessageSchema });
    },
    onSuccess: (message) => chatsCache.addMessage(queryClient, message),
  });
}

/** Spec 000 §4: opening a chat posts a read; the answer brings this user's counts back to zero. */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  return useMutation({
    mutationFn: (chatId: number) =>
      request(`/chats/${chatId}/read`, { method: 'POST', body: { userId: me.id }, schema: chatSchema }),
    onSuccess: (chat) => chatsCache.upsert(queryClient, chat, me.id),
  });
}
