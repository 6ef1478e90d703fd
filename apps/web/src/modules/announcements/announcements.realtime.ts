import { announcementEvent, events } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { announcementLists, announcementsKeys } from './announcements.keys';

/**
 * company-{id}-announcement: the super user's lists take the record as it is; the popover asks the
 * server again, which alone knows what this user has read.
 */
export function useAnnouncementsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.announcement(me.companyId), announcementEvent, (payload) => {
    if (payload.action === 'delete') announcementLists.remove(queryClient, payload.id);
    else announcementLists.upsert(queryClient, payload.record);
    void queryClient.invalidateQueries({ queryKey: announcementsKeys.feed() });
  });
}
