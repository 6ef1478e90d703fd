import { chatDeletedEvent, chatUserEvent, events } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { playNotificationSound } from '../../shared/notifications/sound';
import { getVolume } from '../../shared/notifications/volume';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { chatsCache } from './chats.cache';

/**
 * The user's chat events into every chat cache, wherever the user is in the app: lists, the popover,
 * the open chat. Events reach only the chat's members, so each one is about a chat of this user.
 * A new message from someone else rings at the top bar's volume.
 */
export function useChatsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.chatUser(me.companyId, me.id), chatUserEvent, ({ record, newMessage }) => {
    chatsCache.upsert(queryClient, record, me.id);
    if (!newMessage) return;
    chatsCache.addMessage(queryClient, newMessage);
    if (newMessage.senderId !== me.id) playNotificationSound(getVolume());
  });

  useSocketEvent(events.chat(me.companyId), chatDeletedEvent, ({ id }) =>
    chatsCache.remove(queryClient, id, me.id),
  );
}
