import type { Chat, ChatMessage } from '@balcao/shared';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { chatsCache } from './chats.cache';
import { chatsKeys } from './chats.keys';

const ME = 7;

function chat(id: number, overrides: Partial<Chat> = {}, unreads = 0): Chat {
  return {
    id,
    uuid: `00000000-0000-4000-8000-00000000000${id}`,
    title: `Chat ${id}`,
    ownerId: 1,
    users: [{ userId: ME, user: { id: ME, name: 'Eu' }, unreads, mentions: 0 }],
    lastMessage: '',
    updatedAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

const message = (id: number, chatId: number): ChatMessage => ({
  id,
  chatId,
  senderId: 1,
  sender: { id: 1, name: 'Ana' },
  message: `m${id}`,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  mentions: [],
  createdAt: '2026-11-27T10:00:00.000Z',
});

const pages = <T>(records: T[]): InfiniteData<{ records: T[]; hasMore: boolean }> => ({
  pages: [{ records, hasMore: false }],
  pageParams: [1],
});

const titles = (client: QueryClient, search = '') =>
  client
    .getQueryData<InfiniteData<{ records: Chat[] }>>(chatsKeys.list(search))
    ?.pages.flatMap((page) => page.records.map((row) => row.title));

test('a chat with a new message moves to the top of the list; a read leaves it in place', () => {
  const client = new QueryClient();
  client.setQueryData(chatsKeys.list(''), pages([chat(1), chat(2)]));

  chatsCache.upsert(client, chat(2, { lastMessage: 'oi', updatedAt: '2026-11-27T11:00:00.000Z' }, 1), ME);
  expect(titles(client)).toEqual(['Chat 2', 'Chat 1']);

  chatsCache.upsert(client, chat(1, { title: 'Lido' }), ME);
  expect(titles(client)).toEqual(['Chat 2', 'Lido']);
});

test("the popover's list holds only the chats with something unread for this user", () => {
  const client = new QueryClient();
  client.setQueryData(chatsKeys.unread(), { records: [chat(1, {}, 2)], hasMore: false });

  chatsCache.upsert(client, chat(2, {}, 1), ME);
  chatsCache.upsert(client, chat(1, {}, 0), ME);

  expect(client.getQueryData<{ records: Chat[] }>(chatsKeys.unread())?.records.map((c) => c.id)).toEqual([2]);
});

test('a message reaches the open chat once, whether the answer or the event brings it first', () => {
  const client = new QueryClient();
  client.setQueryData(chatsKeys.messages(3), pages([message(1, 3)]));

  chatsCache.addMessage(client, message(2, 3));
  chatsCache.addMessage(client, message(2, 3));

  const stored = client.getQueryData<InfiniteData<{ records: ChatMessage[] }>>(chatsKeys.messages(3));
  expect(stored?.pages[0]?.records.map((m) => m.id)).toEqual([2, 1]);
});

test('a deleted chat leaves the lists and the popover', () => {
  const client = new QueryClient();
  client.setQueryData(chatsKeys.list(''), pages([chat(1), chat(2)]));
  client.setQueryData(chatsKeys.unread(), { records: [chat(2, {}, 1)], hasMore: false });

  chatsCache.remove(client, 2, ME);

  expect(titles(client)).toEqual(['Chat 1']);
  expect(client.getQueryData<{ records: Chat[] }>(chatsKeys.unread())?.records).toEqual([]);
});
