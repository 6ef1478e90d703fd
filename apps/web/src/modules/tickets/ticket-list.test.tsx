import '../../shared/i18n/i18n';
import type { Ticket } from '@balcao/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { SessionUserProvider } from '../../shared/session/session-user';
import { buildSessionUser, buildTicket } from '../../test/fixtures';
import { TicketList } from './ticket-list';
import { TICKET_ROW_HEIGHT } from './ticket-row';
import { applyTicket, removeTicket, type TicketPages } from './tickets.cache';
import { ticketsKeys } from './tickets.keys';
import { noFilters } from './tickets.rules';

const PAGE = 40;
const VIEW_HEIGHT = 600;
const me = buildSessionUser({ id: 7 });
const openKey = ticketsKeys.list({ ...noFilters, status: 'open' });

const ticketNumber = (id: number) =>
  buildTicket({
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    status: 'open',
    userId: me.id,
    updatedAt: new Date(Date.UTC(2026, 0, 1) - id * 1000).toISOString(),
    contact: { ...buildTicket().contact, name: `Cliente ${id}` },
  });

function pagesUpTo(count: number): TicketPages {
  const pages = [];
  for (let first = 1; first <= count; first += PAGE) {
    const ids = Array.from({ length: Math.min(PAGE, count - first + 1) }, (_v, i) => first + i);
    pages.push({ tickets: ids.map(ticketNumber), hasMore: first + PAGE <= count });
  }
  return { pages, pageParams: pages.map((_p, i) => i + 1) };
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderList(queryClient: QueryClient) {
  render(
    <QueryClientProvider client={queryClient}>
      <SessionUserProvider user={me}>
        <MemoryRouter>
          <TicketList
            view={{ tab: 'open', sub: 'open' }}
            onViewChange={() => undefined}
            selectedUuid={undefined}
            compact={false}
          />
        </MemoryRouter>
      </SessionUserProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('tabpanel');
}

/** jsdom lays nothing out: the panel is given a screen's height and its rows' full height. */
function layOut(panel: HTMLElement) {
  Object.defineProperty(panel, 'clientHeight', { configurable: true, value: VIEW_HEIGHT });
  Object.defineProperty(panel, 'scrollHeight', {
    configurable: true,
    get: () => Number(panel.querySelector('[data-rows]')?.getAttribute('data-rows') ?? 0) * TICKET_ROW_HEIGHT,
  });
}

const scrollTo = (panel: HTMLElement, top: number) => {
  panel.scrollTop = top;
  fireEvent.scroll(panel);
};
const shownNames = () => screen.queryAllByText(/^Cliente \d+$/).map((el) => el.textContent);
const askedPages = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname.endsWith('/tickets'))
    .map((url) => Number(url.searchParams.get('pageNumber')));

beforeEach(async () => {
  await applyLanguage('en');
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.endsWith('/tickets/counts'))
      return Response.json({ open: 0, pending: 0, group: 0, unread: 0 });
    if (url.pathname.endsWith('/tickets')) {
      const page = Number(url.searchParams.get('pageNumber'));
      return Response.json(pagesUpTo(10_000).pages[page - 1]);
    }
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the ticket list', () => {
  test('of 10,000 loaded tickets only a screenful is drawn, and scrolling draws the ones in view', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(openKey, pagesUpTo(10_000));
    const panel = renderList(queryClient);
    layOut(panel);

    expect(screen.getByText('Cliente 1')).toBeTruthy();
    expect(shownNames().length).toBeLessThan(30);

    scrollTo(panel, 5000 * TICKET_ROW_HEIGHT);

    await waitFor(() => expect(screen.getByText('Cliente 5001')).toBeTruthy());
    expect(screen.queryByText('Cliente 1')).toBeNull();
    expect(shownNames().length).toBeLessThan(30);
  });

  test('asks for the next page only once the bottom is within 100 px', async () => {
    const queryClient = new QueryClient();
    const panel = renderList(queryClient);
    layOut(panel);
    await screen.findByText('Cliente 1');
    expect(askedPages()).toEqual([1]);

    const bottom = PAGE * TICKET_ROW_HEIGHT - VIEW_HEIGHT;
    scrollTo(panel, bottom - 150);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(askedPages()).toEqual([1]);

    scrollTo(panel, bottom - 50);
    await waitFor(() => expect(askedPages()).toEqual([1, 2]));
  });

  test('live events add a ticket on top and remove one that left', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(openKey, pagesUpTo(3));
    renderList(queryClient);
    const arrived: Ticket = { ...ticketNumber(99), updatedAt: '2026-02-01T00:00:00.000Z' };

    act(() => applyTicket(queryClient, arrived, me));
    await waitFor(() => expect(shownNames()[0]).toBe('Cliente 99'));

    act(() => removeTicket(queryClient, 2));
    await waitFor(() => expect(shownNames()).toEqual(['Cliente 99', 'Cliente 1', 'Cliente 3']));
  });
});
