export const chatsKeys = {
  all: ['chats'] as const,
  lists: () => [...chatsKeys.all, 'list'] as const,
  list: (search: string) => [...chatsKeys.lists(), search] as const,
  unread: () => [...chatsKeys.all, 'unread'] as const,
  one: (uuid: string) => [...chatsKeys.all, 'one', uuid] as const,
  messages: (chatId: number) => [...chatsKeys.all, 'messages', chatId] as const,
  ticketLinks: (ids: readonly number[]) => [...chatsKeys.all, 'ticket-links', ...ids] as const,
  userOptions: () => ['users', 'options'] as const,
};
