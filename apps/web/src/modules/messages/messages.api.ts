import {
  type ForwardMessagesBody,
  forwardMessagesResponse,
  listMessagesResponse,
  listTemplatesResponse,
  messageSchema,
  type SendMessageBody,
  type SendTemplateBody,
  ticketImagesResponse,
  ticketMediaResponse,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { addMessage } from './messages.cache';
import { messagesKeys } from './messages.keys';

/** Where a page starts: the newest (none), older than `before`, newer than `after`, or around a message. */
interface PageStart {
  before?: string;
  after?: string;
  around?: number;
}

const fetchPage = (ticketId: number, start: PageStart) =>
  request(`/messages/${ticketId}`, { query: { ...start }, schema: listMessagesResponse });

/**
 * Pages by key, newest first: messages arriving while the reader scrolls back neither shift nor
 * repeat the older pages. Reading the newest page marks the ticket read. Opened `around` a message,
 * the first page holds it with some history each side; newer pages come before it (previous pages).
 */
export function useMessages(ticketId: number, around?: number) {
  return useInfiniteQuery({
    queryKey: around ? messagesKeys.around(ticketId, around) : messagesKeys.list(ticketId),
    queryFn: ({ pageParam }) => fetchPage(ticketId, pageParam),
    initialPageParam: (around ? { around } : {}) as PageStart,
    getNextPageParam: (last): PageStart | undefined =>
      last.nextCursor ? { before: last.nextCursor } : undefined,
    getPreviousPageParam: (first): PageStart | undefined =>
      first.newerCursor ? { after: first.newerCursor } : undefined,
  });
}

/** Asks for the newest page only for its side effect: the server marks what this screen shows as read. */
export const markMessagesRead = (ticketId: number) => fetchPage(ticketId, {}).then(() => undefined);

export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<SendMessageBody> & { body: string }) =>
      request(`/messages/${ticketId}`, { method: 'POST', body: input, schema: messageSchema }),
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

/** The approved templates of the ticket's Cloud API connection, read from Meta when the picker opens. */
export const useTicketTemplates = (ticketId: number) =>
  useQuery({
    queryKey: messagesKeys.templates(ticketId),
    queryFn: () => request(`/messages/${ticketId}/templates`, { schema: listTemplatesResponse }),
  });

export function useSendTemplate(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTemplateBody) =>
      request(`/messages/${ticketId}/template`, { method: 'POST', body: input, schema: messageSchema }),
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

/** One attachment per message; the text fields go first, as the server reads them before the file. */
export function useSendMedia(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      body = '',
      isPrivate = false,
    }: {
      file: File;
      body?: string;
      isPrivate?: boolean;
    }) => {
      const form = new FormData();
      form.append('body', body);
      form.append('isPrivate', String(isPrivate));
      form.append('medias', file, file.name);
      return request(`/messages/${ticketId}/media`, { method: 'POST', body: form, schema: messageSchema });
    },
    onSuccess: (message) => addMessage(queryClient, message),
  });
}

/** The gallery's images, asked for when it opens. */
export const useTicketImages = (ticketId: number, enabled: boolean) =>
  useQuery({
    queryKey: messagesKeys.images(ticketId),
    queryFn: () => request(`/messages/listimages/${ticketId}`, { schema: ticketImagesResponse }),
    enabled,
  });

/** The contact drawer's media, documents, links and calls. */
export const useTicketMedia = (ticketId: number) =>
  useQuery({
    queryKey: messagesKeys.media(ticketId),
    queryFn: () => request(`/messages/getmedia/${ticketId}`, { schema: ticketMediaResponse }),
  });

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

/** Withdraws a send still waiting or being retried; the answer (and the socket event) shows it cancelled. */
export function useCancelMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/messages/${id}/cancel`, { method: 'POST', schema: messageSchema }),
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
