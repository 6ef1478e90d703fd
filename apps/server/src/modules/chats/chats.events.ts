import {
  type Chat,
  type ChatDeletedEvent,
  type ChatMessage,
  type ChatRoomEvent,
  type ChatUserEvent,
  events,
} from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { rooms } from '../../platform/realtime/rooms.js';

type Live = Pick<AppDeps, 'realtime'>;

/** A chat is private to its members: every event goes to their own rooms, never to the company's. */
const membersOf = (chat: Chat) => chat.users.map((member) => rooms.user(member.userId));

/** Created or changed: each member hears it on their own `chat-user` event. */
export function publishChat(deps: Live, companyId: number, action: 'create' | 'update', chat: Chat) {
  for (const member of chat.users) {
    const event: ChatUserEvent = { action, record: chat };
    deps.realtime.toRoom(rooms.user(member.userId), events.chatUser(companyId, member.userId), event);
  }
  if (action === 'create') return;
  // An open chat follows its title and members.
  const update: ChatRoomEvent = { action: 'update', chat };
  deps.realtime.toRoom(membersOf(chat), events.chatRoom(companyId, chat.id), update);
}

/** Gone for `userIds`: deleted, or they were taken out of it. */
export function publishChatGone(deps: Live, companyId: number, chatId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const event: ChatDeletedEvent = { action: 'delete', id: chatId };
  deps.realtime.toRoom(
    userIds.map((id) => rooms.user(id)),
    events.chat(companyId),
    event,
  );
}

/** A new message: the open chat appends it, and each member's list and counts update. */
export function publishChatMessage(deps: Live, companyId: number, chat: Chat, newMessage: ChatMessage) {
  const event: ChatRoomEvent = { action: 'new-message', newMessage, chat };
  deps.realtime.toRoom(membersOf(chat), events.chatRoom(companyId, chat.id), event);
  for (const member of chat.users) {
    const update: ChatUserEvent = { action: 'update', record: chat, newMessage };
    deps.realtime.toRoom(rooms.user(member.userId), events.chatUser(companyId, member.userId), update);
  }
}

/** What changed only for one member (their unread count): told to that member alone. */
export function publishChatToMember(deps: Live, companyId: number, userId: number, chat: Chat) {
  const event: ChatUserEvent = { action: 'update', record: chat };
  deps.realtime.toRoom(rooms.user(userId), events.chatUser(companyId, userId), event);
}
