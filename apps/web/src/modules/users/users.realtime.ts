import { events, userEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { removeUserFromLists, upsertUserInLists } from './users.cache';

/** company-{id}-user events straight into the cached lists: one event, one cache write, no refetch. */
export function useUsersRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.user(me.companyId), userEvent, (payload) => {
    if (payload.action === 'delete') removeUserFromLists(queryClient, payload.userId);
    else upsertUserInLists(queryClient, payload.user);
  });
}
