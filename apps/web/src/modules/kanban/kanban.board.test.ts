import type { KanbanTicket } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { type LanePages, laneOf, movedCard, placeCard } from './kanban.board';
import { kanbanKeys } from './kanban.keys';

const card = (id: number, overrides: Partial<KanbanTicket> = {}): KanbanTicket => ({
  id,
  uuid: `uuid-${id}`,
  status: 'open',
  queueId: null,
  userId: null,
  lastMessage: '',
  lastMessageAt: null,
  updatedAt: `2026-01-0${id}T00:00:00.000Z`,
  tags: [],
  contact: { name: `C${id}`, number: null },
  ...overrides,
});
const doing = { id: 10, name: 'Fazendo', color: '#f00' };
const done = { id: 11, name: 'Feito', color: '#0f0' };
const vip = { id: 12, name: 'VIP', color: '#00f' };
const pages = (...cards: KanbanTicket[]): LanePages => ({
  pages: [{ tickets: cards, hasMore: false }],
  pageParams: [1],
});

describe('which lane a card is in', () => {
  test('its first lane tag in lane order, else "Em aberto"; other tags do not count', () => {
    expect(laneOf(card(1, { tags: [vip] }), [10, 11], new Set())).toBe('open');
    expect(laneOf(card(1, { tags: [done, doing] }), [10, 11], new Set())).toBe(10);
  });

  test("a closed ticket, or one of a queue not the user's, is on no lane", () => {
    expect(laneOf(card(1, { status: 'closed' }), [10], new Set())).toBeUndefined();
    expect(laneOf(card(1, { queueId: 5 }), [10], new Set([4]))).toBeUndefined();
    expect(laneOf(card(1, { queueId: 4 }), [10], new Set([4]))).toBe('open');
  });
});

describe('moving cards in the cache', () => {
  test('a move takes the old lane tag off, keeps the others and puts the new one on', () => {
    expect(movedCard(card(1, { tags: [doing, vip] }), 11, [doing, done]).tags).toEqual([vip, done]);
    expect(movedCard(card(1, { tags: [doing, vip] }), 'open', [doing, done]).tags).toEqual([vip]);
  });

  test('a card leaves every other lane and joins its new lane among the newest first', () => {
    const client = new QueryClient();
    client.setQueryData(kanbanKeys.lane('open'), pages(card(3), card(1)));
    client.setQueryData(kanbanKeys.lane(10), pages(card(4)));

    placeCard(client, card(1, { tags: [doing] }), 10);

    const ids = (lane: 'open' | number) =>
      client.getQueryData<LanePages>(kanbanKeys.lane(lane))?.pages[0]?.tickets.map((c) => c.id);
    expect(ids('open')).toEqual([3]);
    expect(ids(10)).toEqual([4, 1]);
  });

  test('a card that leaves the board is removed from every lane', () => {
    const client = new QueryClient();
    client.setQueryData(kanbanKeys.lane(10), pages(card(4), card(2)));

    placeCard(client, 4, undefined);

    expect(client.getQueryData<LanePages>(kanbanKeys.lane(10))?.pages[0]?.tickets.map((c) => c.id)).toEqual([
      2,
    ]);
  });
});
