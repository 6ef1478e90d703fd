import type { Ticket } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { buildSessionUser, buildTicket } from '../../test/fixtures';
import { ticketsKeys } from './tickets.api';
import {
  applyTicket,
  flattenTicketPages,
  type TicketPages,
  withTicketPlaced,
  withTicketRead,
  withTicketRemoved,
  withUnreadUpdated,
} from './tickets.cache';

function pagesOf(...pages: Ticket[][]): TicketPages {
  const count = pages.flat().length;
  return {
    pages: pages.map((tickets, i) => ({ tickets, hasMore: i < pages.length - 1, count })),
    pageParams: pages.map((_p, i) => i + 1),
  };
}

const ids = (data: TicketPages) => flattenTicketPages(data).map((t) => t.id);
const later = '2026-01-01T13:00:00.000Z';

describe('withTicketPlaced', () => {
  test('a new ticket goes first and counts once', () => {
    const data = pagesOf([buildTicket({ id: 1 })]);

    const next = withTicketPlaced(data, buildTicket({ id: 2, updatedAt: later }), true);

    expect(ids(next)).toEqual([2, 1]);
    expect(next.pages[0]?.count).toBe(2);
  });

  test('a ticket with a new message moves to the top without changing the count', () => {
    const data = pagesOf([buildTicket({ id: 1 })], [buildTicket({ id: 2 })]);

    const next = withTicketPlaced(data, buildTicket({ id: 2, updatedAt: later, lastMessage: 'Novo' }), true);

    expect(ids(next)).toEqual([2, 1]);
    expect(flattenTicketPages(next)[0]?.lastMessage).toBe('Novo');
    expect(next.pages[0]?.count).toBe(2);
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

test('a ticket that left the tab is removed and the count drops', () => {
  const data = pagesOf([buildTicket({ id: 1 }), buildTicket({ id: 2 })]);

  const next = withTicketRemoved(data, 1);

  expect(ids(next)).toEqual([2]);
  expect(next.pages[0]?.count).toBe(1);
});

test('a read ticket shows no unread messages', () => {
  const data = pagesOf([buildTicket({ id: 1, unreadMessages: 4 })]);

  expect(flattenTicketPages(withTicketRead(data, 1))[0]?.unreadMessages).toBe(0);
});

describe('withUnreadUpdated', () => {
  const me = buildSessionUser({ id: 7 });

  test('a visible ticket with unread messages is counted once', () => {
    const ticket = buildTicket({ id: 5, unreadMessages: 2 });

    expect(withUnreadUpdated([], ticket, me)).toEqual([5]);
    expect(withUnreadUpdated([5], ticket, me)).toEqual([5]);
  });

  test('a ticket read or closed stops counting', () => {
    expect(withUnreadUpdated([5], buildTicket({ id: 5, unreadMessages: 0 }), me)).toEqual([]);
    expect(withUnreadUpdated([5], buildTicket({ id: 5, unreadMessages: 1, status: 'closed' }), me)).toEqual(
      [],
    );
  });
});

describe('applyTicket', () => {
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
