import { events, promptEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { promptLists } from './prompts.cache';

/** company-{id}-prompt events straight into the cached lists. */
export function usePromptsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.prompt(me.companyId), promptEvent, (payload) => {
    if (payload.action === 'delete') promptLists.remove(queryClient, payload.id);
    else promptLists.upsert(queryClient, payload.record);
  });
}
