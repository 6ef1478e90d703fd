import type { Queue } from '@balcao/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queuesKeys } from './queues.keys';

/** The server's order: orderQueue, then name. */
const byMenuOrder = (a: Queue, b: Queue) => a.orderQueue - b.orderQueue || a.name.localeCompare(b.name);

export function withQueueUpserted(queues: Queue[], queue: Queue): Queue[] {
  return [...queues.filter((q) => q.id !== queue.id), queue].sort(byMenuOrder);
}

export function withQueueRemoved(queues: Queue[], queueId: number): Queue[] {
  return queues.filter((q) => q.id !== queueId);
}

export function upsertQueueInList(queryClient: QueryClient, queue: Queue) {
  queryClient.setQueryData<Queue[]>(
    queuesKeys.list(),
    (queues) => queues && withQueueUpserted(queues, queue),
  );
}

export function removeQueueFromList(queryClient: QueryClient, queueId: number) {
  queryClient.setQueryData<Queue[]>(
    queuesKeys.list(),
    (queues) => queues && withQueueRemoved(queues, queueId),
  );
}
