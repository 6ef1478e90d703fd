import {
  type CreateScheduleBody,
  listContactsResponse,
  listSchedulesResponse,
  type Schedule,
  scheduleSchema,
  type UpdateScheduleBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { CONTACT_SEARCH_MIN } from './schedule-form';
import { scheduleLists, schedulesKeys } from './schedules.cache';

export function useScheduleList(search: string, contactId?: number) {
  return useInfiniteQuery({
    queryKey: schedulesKeys.list(search, contactId),
    queryFn: ({ pageParam }) =>
      request('/schedules', {
        query: { searchParam: search, pageNumber: pageParam, contactId },
        schema: listSchedulesResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Contacts matching what was typed, asked for only from the third character on. */
export function useContactSearch(search: string) {
  return useQuery({
    queryKey: ['contacts', 'schedule-search', search],
    queryFn: () => request('/contacts', { query: { searchParam: search }, schema: listContactsResponse }),
    enabled: search.length >= CONTACT_SEARCH_MIN,
    select: (data) => data.contacts,
  });
}

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateScheduleBody | UpdateScheduleBody }) =>
      id
        ? request(`/schedules/${id}`, { method: 'PUT', body, schema: scheduleSchema })
        : request('/schedules', { method: 'POST', body, schema: scheduleSchema }),
    onSuccess: (schedule: Schedule) => scheduleLists.upsert(queryClient, schedule),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/schedules/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => scheduleLists.remove(queryClient, id),
  });
}

/** Attaches a file to a saved schedule (`file`), or takes its attachment away (null). */
export function useScheduleMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file)
        return request(`/schedules/${id}/media-upload`, { method: 'DELETE', schema: scheduleSchema });
      const form = new FormData();
      form.append('file', file, file.name);
      return request(`/schedules/${id}/media-upload`, { method: 'POST', body: form, schema: scheduleSchema });
    },
    onSuccess: (schedule: Schedule) => scheduleLists.upsert(queryClient, schedule),
  });
}
