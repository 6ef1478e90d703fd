import {
  type Announcement,
  announcementFeedResponse,
  announcementSchema,
  type CreateAnnouncementBody,
  listAnnouncementsResponse,
  type UpdateAnnouncementBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { announcementLists, announcementsKeys } from './announcements.keys';

export function useAnnouncementList(search: string) {
  return useInfiniteQuery({
    queryKey: announcementsKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/announcements', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listAnnouncementsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The popover's announcements and the unread count on its badge. */
export function useAnnouncementFeed() {
  return useInfiniteQuery({
    queryKey: announcementsKeys.feed(),
    queryFn: ({ pageParam }) =>
      request('/announcements/feed', { query: { pageNumber: pageParam }, schema: announcementFeedResponse }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useReadAnnouncements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('/announcements/read', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKeys.feed() }),
  });
}

function useSaved() {
  const queryClient = useQueryClient();
  return (record: Announcement) => {
    announcementLists.upsert(queryClient, record);
    void queryClient.invalidateQueries({ queryKey: announcementsKeys.feed() });
  };
}

export function useSaveAnnouncement() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateAnnouncementBody | UpdateAnnouncementBody }) =>
      id
        ? request(`/announcements/${id}`, { method: 'PUT', body, schema: announcementSchema })
        : request('/announcements', { method: 'POST', body, schema: announcementSchema }),
    onSuccess,
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/announcements/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      announcementLists.remove(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: announcementsKeys.feed() });
    },
  });
}

export function useAnnouncementMedia() {
  const onSuccess = useSaved();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      const path = `/announcements/${id}/media-upload`;
      if (!file) return request(path, { method: 'DELETE', schema: announcementSchema });
      const form = new FormData();
      form.append('file', file);
      return request(path, { method: 'POST', body: form, schema: announcementSchema });
    },
    onSuccess,
  });
}
