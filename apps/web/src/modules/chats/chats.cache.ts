import type { Chat, ChatMessage } from '@balcao/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatsKeys } from './chats.keys';

type ChatPage = { records: Chat[]; hasMore: boolean };
type MessagePage = { records: ChatMessage[]; hasMore: boolean };

/** The caller's own counts in a chat. */
export const myCounts = (chat: Chat, userId: number) => {
  const me = chat.users.find((member) => member.userId === userId);
  return { unreads: me?.unreads ?? 0, mentions: me?.mentions ?? 0 };
};

/**
 * A changed chat in every loaded list: one that moved (a new message, an edit) goes to the top of the
 * unfiltered list, where the server would list it; a search list's membership is the server's call.
 */
function upsertInLists(queryClient: QueryClient, chat: Chat) {
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<ChatPage>>({
    queryKey: chatsKeys.lists(),
  })) {
    if (!data) continue;
    const listed = data.pages.flatMap((page) => page.records).find((row) => row.id === chat.id);
    const unfiltered = key[chatsKeys.lists().length] === '';
    if (listed && listed.updatedAt === chat.updatedAt) {
      queryClient.setQueryData<InfiniteData<ChatPage>>(key, {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          records: page.records.map((row) => (row.id === chat.id ? chat : row)),
        })),
      });
    } else if (unfiltered) {
      queryClient.setQueryData<InfiniteData<ChatPage>>(key, {
        ...data,
        pages: data.pages.map((page, index) => ({
          ...page,
          records: [...(index === 0 ? [chat] : []), ...page.records.filter((row) => row.id !== chat.id)],
        })),
      });
    } else {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

function removeFromLists(queryClient: QueryClient, chatId: number) {
  queryClient.setQueriesData<InfiniteData<ChatPage>>({ queryKey: chatsKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            records: page.records.filter((row) => row.id !== chatId),
          })),
        }
      : data,
  );
}

/** The popover's list: chats with something unread for this user, most recent first. */
function updateUnread(queryClient: QueryClient, chat: Chat | number, userId: number) {
  queryClient.setQueryData<ChatPage>(chatsKeys.unread(), (data) => {
    if (!data) return data;
    const id = typeof chat === 'number' ? chat : chat.id;
    const others = data.records.filter((row) => row.id !== id);
    const keep = typeof chat !== 'number' && myCounts(chat, userId).unreads > 0;
    return { ...data, records: keep ? [chat, ...others] : others };
  });
}

export const chatsCache = {
  upsert(queryClient: QueryClient, chat: Chat, userId: number) {
    upsertInLists(queryClient, chat);
    updateUnread(queryClient, chat, userId);
    queryClient.setQueryData(chatsKeys.one(chat.uuid), chat);
  },
  remove(queryClient: QueryClient, chatId: number, userId: number) {
    removeFromLists(queryClient, chatId);
    updateUnread(queryClient, chatId, userId);
    queryClient.removeQueries({ queryKey: chatsKeys.messages(chatId) });
  },
  /** A message into the open chat's pages (newest first), once: the sender's answer and the event may both bring it. */
  addMessage(queryClient: QueryClient, message: ChatMessage) {
    queryClient.setQueryData<InfiniteData<MessagePage>>(chatsKeys.messages(message.chatId), (data) => {
      if (!data || data.pages.some((page) => page.records.some((row) => row.id === message.id))) return data;
      return {
        ...data,
        pages: data.pages.map((page, index) =>
          index === 0 ? { ...page, records: [message, ...page.records] } : page,
        ),
      };
    });
  },
};
