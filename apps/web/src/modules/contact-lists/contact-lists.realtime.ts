import { contactListEvent, contactListItemEvent, events } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { forgetList, storeList } from './contact-lists.api';
import { contactListsKeys, itemPages } from './contact-lists.keys';

/** company-{id}-contactList: counts and names straight into the cache, a delete out of it. */
export function useContactListsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  useSocketEvent(events.contactList(me.companyId), contactListEvent, (event) => {
    if (event.action === 'delete') forgetList(queryClient, event.id);
    else storeList(queryClient, event.record);
  });
}

/** company-{id}-contactListItem for one list; a `reload` (an import, a check) refetches its pages. */
export function useContactListItemsRealtime(contactListId: number) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  useSocketEvent(events.contactListItem(me.companyId), contactListItemEvent, (event) => {
    if (event.action === 'reload') {
      if (event.contactListId === contactListId)
        void queryClient.invalidateQueries({ queryKey: contactListsKeys.items(contactListId) });
    } else if (event.action === 'delete') itemPages(event.contactListId).remove(queryClient, event.id);
    else itemPages(event.record.contactListId).upsert(queryClient, event.record);
  });
}
