import {
  type createQueueBody,
  listQueuesResponse,
  queueDetailSchema,
  queueSchema,
  settingSchema,
  type UpdateQueueBody,
  userOptionsResponse,
} from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../shared/api/http';
import { removeQueueFromList, upsertQueueInList } from './queues.cache';
import { queuesKeys } from './queues.keys';

/** Every queue of the company, in menu order: a plan holds few, so pickers and the page share one list. */
export function useQueueList() {
  return useQuery({
    queryKey: queuesKeys.list(),
    queryFn: () => request('/queue', { schema: listQueuesResponse }),
  });
}

/** One queue with how many of its tickets are still being worked (what deleting it would touch). */
export function useQueueDetail(id: number | undefined) {
  return useQuery({
    queryKey: queuesKeys.detail(id ?? 0),
    queryFn: () => request(`/queue/${id}`, { schema: queueDetailSchema }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** Whether queues (or, asked so, connections) keep their own service hours (company setting scheduleType). */
export function useQueueSchedulesEnabled(owner: 'queue' | 'connection' = 'queue') {
  const setting = useQuery({
    queryKey: ['settings', 'scheduleType'],
    queryFn: () =>
      request('/companySettingOne', { query: { column: 'scheduleType' }, schema: settingSchema }),
  });
  return setting.data?.value === owner;
}

export function useCreateQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof createQueueBody>) =>
      request('/queue', { method: 'POST', body, schema: queueSchema }),
    onSuccess: (queue) => upsertQueueInList(queryClient, queue),
  });
}

export function useUpdateQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateQueueBody }) =>
      request(`/queue/${id}`, { method: 'PUT', body, schema: queueSchema }),
    onSuccess: (queue) => upsertQueueInList(queryClient, queue),
  });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/queue/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => removeQueueFromList(queryClient, id),
  });
}

/** Everyone in the company by name, for the attendant an option hands the ticket to. */
export function useUserChoices() {
  return useQuery({
    queryKey: ['users', 'options'],
    queryFn: () => request('/users/list', { schema: userOptionsResponse }),
  });
}
