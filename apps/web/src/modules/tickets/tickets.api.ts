import { listTicketsResponse, type Ticket, ticketSchema, type UpdateTicketBody } from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { useSessionUser } from '../../shared/session/session-user';
import { applyTicket, findListedTicket } from './tickets.cache';
import type { TicketListFilters } from './tickets.rules';

export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketsKeys.all, 'list'] as const,
  list: (filters: TicketListFilters) => [...ticketsKeys.lists(), filters] as const,
  details: () => [...ticketsKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...ticketsKeys.details(), uuid] as const,
  unread: () => [...ticketsKeys.all, 'unread'] as const,
};

export function useTicketList(filters: TicketListFilters) {
  return useInfiniteQuery({
    queryKey: ticketsKeys.list(filters),
    queryFn: ({ pageParam }) =>
      request('/tickets', {
        query: {
          status: filters.status,
          searchParam: filters.search,
          showAll: filters.showAll || undefined,
          pageNumber: pageParam,
        },
        schema: listTicketsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useTicket(uuid: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ticketsKeys.detail(uuid),
    queryFn: () => request(`/tickets/u/${uuid}`, { schema: ticketSchema }),
    placeholderData: () => findListedTicket(queryClient, uuid),
  });
}

/** Stops paging a runaway count: the bell shows 99+ long before this. */
const MAX_UNREAD_PAGES = 10;

/** Ids of the tickets this user sees with unread messages, every page of them: the bell counts them. */
export function useUnreadTicketIds() {
  return useQuery({
    queryKey: ticketsKeys.unread(),
    queryFn: async () => {
      const ids: number[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_UNREAD_PAGES; pageNumber++) {
        const page = await request('/tickets', {
          query: { withUnreadMessages: true, pageNumber },
          schema: listTicketsResponse,
        });
        for (const ticket of page.tickets) if (ticket.status !== 'closed') ids.push(ticket.id);
        if (!page.hasMore) break;
      }
      return ids;
    },
  });
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  return useMutation({
    mutationFn: ({ ticket, body }: { ticket: Ticket; body: UpdateTicketBody }) =>
      request(`/tickets/${ticket.id}`, { method: 'PUT', body, schema: ticketSchema }),
    onSuccess: (ticket) => applyTicket(queryClient, ticket, me),
  });
}
