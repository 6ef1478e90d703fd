import { events, queueEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { removeQueueFromList, upsertQueueInList } from './queues.cache';

/** company-{id}-queue events straight into the cached list, which every picker shares. */
export function useQueuesRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.queue(me.companyId), queueEvent, (payload) => {
    if (payload.action === 'delete') removeQueueFromList(queryClient, payload.queueId);
    else upsertQueueInList(queryClient, payload.queue);
  });
}
