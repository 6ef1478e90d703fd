import { events, quickMessageEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { quickMessageLists } from './quick-messages.cache';

/** company-{id}-quickmessage events straight into the cached lists: one event, one cache write. */
export function useQuickMessagesRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.quickMessage(me.companyId), quickMessageEvent, (payload) => {
    if (payload.action === 'delete') quickMessageLists.remove(queryClient, payload.id);
    else quickMessageLists.upsert(queryClient, payload.record);
  });
}
