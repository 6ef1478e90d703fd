import { contactEvent, events } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { removeContactFromLists, upsertContactInLists } from './contacts.cache';

/** company-{id}-contact events straight into the cached lists: one event, one cache write, no refetch. */
export function useContactsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.contact(me.companyId), contactEvent, (payload) => {
    if (payload.action === 'delete') return removeContactFromLists(queryClient, payload.contactId);
    if (payload.action === 'merge') removeContactFromLists(queryClient, payload.mergedId);
    upsertContactInLists(queryClient, payload.contact);
  });
}
