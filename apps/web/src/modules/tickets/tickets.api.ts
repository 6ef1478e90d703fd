import {
  listTicketsResponse,
  type Ticket,
  ticketCountsResponse,
  ticketSchema,
  type UpdateTicketBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { useSessionUser } from '../../shared/session/session-user';
import { applyTicket, findListedTicket } from './tickets.cache';
import { type CountFilters, ticketsKeys } from './tickets.keys';
import type { TicketListFilters } from './tickets.rules';

/** The query string of a ticket filter: arrays as JSON, as the spec sends them; empty ones left out. */
const ids = (values: readonly (number | string)[]) => (values.length ? JSON.stringify(values) : undefined);
const filterQuery = (filters: CountFilters) => ({
  showAll: filters.showAll || undefined,
  queueIds: ids(filters.queueIds),
  tags: ids(filters.tags),
  whatsappIds: ids(filters.whatsappIds),
  users: ids(filters.users),
});

export function useTicketList(filters: TicketListFilters) {
  return useInfiniteQuery({
    queryKey: ticketsKeys.list(filters),
    queryFn: ({ pageParam }) =>
      request('/tickets', {
        query: {
          ...filterQuery(filters),
          status: filters.status,
          statusFilter: filters.status ? undefined : ids(filters.statusFilter),
          searchParam: filters.search || undefined,
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

/**
 * The open tab's badges and the bell, in one call. Ticket events mark it stale (tickets.alerts.ts),
 * so it follows the inbox without paging through lists.
 */
export function useTicketCounts(filters: CountFilters) {
  const key = {
    showAll: filters.showAll,
    queueIds: filters.queueIds,
    tags: filters.tags,
    whatsappIds: filters.whatsappIds,
    users: filters.users,
  };
  return useQuery({
    queryKey: ticketsKeys.countsOf(key),
    queryFn: () => request('/tickets/counts', { query: filterQuery(key), schema: ticketCountsResponse }),
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
