import { events, tagEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { tagLists } from './tags.cache';

/** company-{id}-tag events straight into the cached lists: one event, one cache write, no refetch. */
export function useTagsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.tag(me.companyId), tagEvent, (payload) => {
    if (payload.action === 'delete') tagLists.remove(queryClient, payload.tagId);
    else tagLists.upsert(queryClient, payload.tag);
  });
}
