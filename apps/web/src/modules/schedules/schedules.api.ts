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

const LIST_REFRESH_MS = 30_000;

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
    // Sending happens in a job with no socket event: an open list catches up on statuses this often.
    refetchInterval: LIST_REFRESH_MS,
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
