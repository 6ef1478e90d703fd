import { events, scheduleEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { scheduleLists, schedulesKeys } from './schedules.cache';

/**
 * company-{id}-schedule events into the cached lists: a send or failure shows at once. A new schedule
 * makes the lists ask again, since lists filtered by contact decide for themselves whether it belongs.
 */
export function useSchedulesRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.schedule(me.companyId), scheduleEvent, (payload) => {
    if (payload.action === 'delete') scheduleLists.remove(queryClient, payload.id);
    else if (payload.action === 'create')
      void queryClient.invalidateQueries({ queryKey: schedulesKeys.lists() });
    else scheduleLists.upsert(queryClient, payload.schedule);
  });
}
