import type { listTicketsResponse, SessionUser, Ticket, TicketSearchMatch } from '@balcao/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ticketsKeys } from './tickets.keys';
import { belongsToList, type TicketListFilters } from './tickets.rules';

type TicketsPage = z.infer<typeof listTicketsResponse>;
export type TicketPages = InfiniteData<TicketsPage, unknown>;

const isListed = (data: TicketPages, id: number) =>
  data.pages.some((p) => p.tickets.some((t) => t.id === id));

export function withTicketRemoved(data: TicketPages, id: number): TicketPages {
  if (!isListed(data, id)) return data;
  const pages = data.pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.id !== id) }));
  return { ...data, pages };
}

/**
 * Lists are ordered by last change: a ticket that changed goes first; one whose time did not
 * change (a read, a rename) stays where it is. `mayInsert` is false for searches, which only the
 * server can match.
 */
export function withTicketPlaced(data: TicketPages, ticket: Ticket, mayInsert: boolean): TicketPages {
  const listed = data.pages.flatMap((p) => p.tickets).find((t) => t.id === ticket.id);
  if (listed && listed.updatedAt === ticket.updatedAt) {
    const pages = data.pages.map((p) => ({
      ...p,
      tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)),
    }));
    return { ...data, pages };
  }
  if (!listed && (!mayInsert || data.pages.length === 0)) return data;
  const without = listed ? withTicketRemoved(data, ticket.id) : data;
  const pages = without.pages.map((p, i) => (i === 0 ? { ...p, tickets: [ticket, ...p.tickets] } : p));
  return { ...without, pages };
}

export function withTicketRead(data: TicketPages, id: number): TicketPages {
  if (!isListed(data, id)) return data;
  const pages = data.pages.map((p) => ({
    ...p,
    tickets: p.tickets.map((t) => (t.id === id ? { ...t, unreadMessages: 0 } : t)),
  }));
  return { ...data, pages };
}

/** A search's matching messages over the loaded pages, by ticket. */
export function searchMatches(data: TicketPages | undefined): Map<number, TicketSearchMatch> {
  return new Map(data?.pages.flatMap((page) => page.matches ?? []).map((match) => [match.ticketId, match]));
}

/** The tickets of all loaded pages, once each: a ticket moved to the top may come back in a later page. */
export function flattenTicketPages(data: TicketPages | undefined): Ticket[] {
  const seen = new Set<number>();
  const tickets: Ticket[] = [];
  for (const page of data?.pages ?? []) {
    for (const ticket of page.tickets) {
      if (!seen.has(ticket.id)) tickets.push(ticket);
      seen.add(ticket.id);
    }
  }
  return tickets;
}

/** A ticket already in a list, to show while its own copy loads. */
export function findListedTicket(queryClient: QueryClient, uuid: string): Ticket | undefined {
  for (const [, data] of queryClient.getQueriesData<TicketPages>({ queryKey: ticketsKeys.lists() })) {
    const found = data?.pages.flatMap((p) => p.tickets).find((t) => t.uuid === uuid);
    if (found) return found;
  }
  return undefined;
}

function eachList(
  queryClient: QueryClient,
  change: (data: TicketPages, filters: TicketListFilters) => TicketPages,
) {
  for (const [key, data] of queryClient.getQueriesData<TicketPages>({ queryKey: ticketsKeys.lists() })) {
    const next = data && change(data, key[2] as TicketListFilters);
    if (next && next !== data) queryClient.setQueryData(key, next);
  }
}

/** The latest change of a ticket this page already holds, in a list or as the open chat. */
function knownUpdatedAt(queryClient: QueryClient, ticket: Ticket): string | undefined {
  const copies = [
    queryClient.getQueryData<Ticket>(ticketsKeys.detail(ticket.uuid)),
    ...queryClient
      .getQueriesData<TicketPages>({ queryKey: ticketsKeys.lists() })
      .flatMap(([, data]) => data?.pages.flatMap((p) => p.tickets) ?? [])
      .filter((t) => t.id === ticket.id),
  ];
  return copies.reduce<string | undefined>(
    (latest, copy) => (copy && (!latest || copy.updatedAt > latest) ? copy.updatedAt : latest),
    undefined,
  );
}

/**
 * A changed ticket, applied to every cached list, its detail and the bell, without asking the server.
 * Events may arrive out of order (over PostgreSQL), so one older than the copy already held is dropped.
 */
export function applyTicket(queryClient: QueryClient, ticket: Ticket, me: SessionUser) {
  const known = knownUpdatedAt(queryClient, ticket);
  if (known && known > ticket.updatedAt) return;
  eachList(queryClient, (data, filters) =>
    belongsToList(ticket, filters, me)
      ? withTicketPlaced(data, ticket, filters.search === '')
      : withTicketRemoved(data, ticket.id),
  );
  if (queryClient.getQueryData(ticketsKeys.detail(ticket.uuid)))
    queryClient.setQueryData(ticketsKeys.detail(ticket.uuid), ticket);
}

export function removeTicket(queryClient: QueryClient, id: number) {
  eachList(queryClient, (data) => withTicketRemoved(data, id));
}

export function markTicketRead(queryClient: QueryClient, id: number) {
  eachList(queryClient, (data) => withTicketRead(data, id));
}
