import type { Ticket } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { buildSessionUser, buildTicket } from '../../test/fixtures';
import {
  applyTicket,
  flattenTicketPages,
  type TicketPages,
  withTicketPlaced,
  withTicketRead,
  withTicketRemoved,
} from './tickets.cache';
import { ticketsKeys } from './tickets.keys';
import { noFilters, type TicketListFilters } from './tickets.rules';

function pagesOf(...pages: Ticket[][]): TicketPages {
  return {
    pages: pages.map((tickets, i) => ({ tickets, hasMore: i < pages.length - 1 })),
    pageParams: pages.map((_p, i) => i + 1),
  };
}

const ids = (data: TicketPages) => flattenTicketPages(data).map((t) => t.id);
const later = '2026-01-01T13:00:00.000Z';

describe('withTicketPlaced', () => {
  test('a new ticket goes first', () => {
    const data = pagesOf([buildTicket({ id: 1 })]);

    const next = withTicketPlaced(data, buildTicket({ id: 2, updatedAt: later }), true);

    expect(ids(next)).toEqual([2, 1]);
  });

  test('a ticket with a new message moves to the top, listed once', () => {
    const data = pagesOf([buildTicket({ id: 1 })], [buildTicket({ id: 2 })]);

    const next = withTicketPlaced(data, buildTicket({ id: 2, updatedAt: later, lastMessage: 'Novo' }), true);

    expect(ids(next)).toEqual([2, 1]);
    expect(flattenTicketPages(next)[0]?.lastMessage).toBe('Novo');
  });

  test('a change that keeps its time is applied in place', () => {
    const data = pagesOf([buildTicket({ id: 1 }), buildTicket({ id: 2 })]);

    const next = withTicketPlaced(data, buildTicket({ id: 2, unreadMessages: 3 }), true);

    expect(ids(next)).toEqual([1, 2]);
    expect(flattenTicketPages(next)[1]?.unreadMessages).toBe(3);
  });

  test('a search result list is not given tickets the server did not match', () => {
    const data = pagesOf([buildTicket({ id: 1 })]);

    expect(withTicketPlaced(data, buildTicket({ id: 2 }), false)).toBe(data);
  });
});

test('a ticket that left the tab is removed', () => {
  const data = pagesOf([buildTicket({ id: 1 }), buildTicket({ id: 2 })]);

  expect(ids(withTicketRemoved(data, 1))).toEqual([2]);
});

test('a read ticket shows no unread messages', () => {
  const data = pagesOf([buildTicket({ id: 1, unreadMessages: 4 })]);

  expect(flattenTicketPages(withTicketRead(data, 1))[0]?.unreadMessages).toBe(0);
});

describe('applyTicket', () => {
  const me = buildSessionUser({ id: 7, queues: [{ id: 3, name: 'Vendas', color: '#f00' }] });
  const listKey = (filters: Partial<TicketListFilters>) =>
    ticketsKeys.list({ ...noFilters, status: 'pending', ...filters });

  test('an accepted ticket leaves the pending list and joins my open list, live', () => {
    const queryClient = new QueryClient();
    const waiting = buildTicket({ id: 1, status: 'pending', queueId: 3 });
    queryClient.setQueryData(
      listKey({ status: 'pending' }),
      pagesOf([waiting, buildTicket({ id: 2, queueId: 3 })]),
    );
    queryClient.setQueryData(listKey({ status: 'open' }), pagesOf([]));

    applyTicket(queryClient, { ...waiting, status: 'open', userId: me.id, updatedAt: later }, me);

    expect(ids(queryClient.getQueryData(listKey({ status: 'pending' })) as TicketPages)).toEqual([2]);
    expect(ids(queryClient.getQueryData(listKey({ status: 'open' })) as TicketPages)).toEqual([1]);
  });

  test('a ticket moved to a queue outside the selected ones is removed from that list (spec 000 §4)', () => {
    const queryClient = new QueryClient();
    const inSales = buildTicket({ id: 1, status: 'pending', queueId: 3 });
    queryClient.setQueryData(listKey({ queueIds: [3] }), pagesOf([inSales]));

    applyTicket(queryClient, { ...inSales, queueId: null, updatedAt: later }, me);

    expect(ids(queryClient.getQueryData(listKey({ queueIds: [3] })) as TicketPages)).toEqual([]);
  });

  test('an event older than the copy already held is dropped (events may arrive out of order)', () => {
    const queryClient = new QueryClient();
    const me = buildSessionUser();
    const current = buildTicket({ id: 1, status: 'open', userId: me.id, updatedAt: later });
    queryClient.setQueryData(ticketsKeys.detail(current.uuid), current);

    applyTicket(queryClient, { ...current, status: 'pending', updatedAt: '2026-01-01T12:00:00.000Z' }, me);
    const afterStale = queryClient.getQueryData<Ticket>(ticketsKeys.detail(current.uuid));
    applyTicket(queryClient, { ...current, lastMessage: 'Novo' }, me);

    expect(afterStale).toMatchObject({ status: 'open' });
    expect(queryClient.getQueryData<Ticket>(ticketsKeys.detail(current.uuid))).toMatchObject({
      lastMessage: 'Novo',
    });
  });
});
