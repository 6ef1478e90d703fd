import { events, helpEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketReconnect } from '../../shared/socket/use-socket-room';
import { helpLists, helpsKeys } from './helps.keys';

/**
 * The `help` event puts the record in the loaded lists as it is (a searched list is asked again);
 * events missed while the socket was down are caught up by asking for the lists again.
 */
export function useHelpsRealtime() {
  const queryClient = useQueryClient();

  useSocketEvent(events.help(), helpEvent, (payload) => {
    if (payload.action === 'delete') helpLists.remove(queryClient, payload.id);
    else helpLists.upsert(queryClient, payload.record);
  });
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: helpsKeys.lists() }));
}
