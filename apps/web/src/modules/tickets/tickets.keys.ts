import type { TicketListFilters } from './tickets.rules';

export type CountFilters = Pick<TicketListFilters, 'showAll' | 'queueIds' | 'tags' | 'whatsappIds' | 'users'>;

/** The query keys of tickets: what its API calls fill and its cache updates change. */
export const ticketsKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketsKeys.all, 'list'] as const,
  list: (filters: TicketListFilters) => [...ticketsKeys.lists(), filters] as const,
  details: () => [...ticketsKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...ticketsKeys.details(), uuid] as const,
  counts: () => [...ticketsKeys.all, 'counts'] as const,
  countsOf: (filters: CountFilters) => [...ticketsKeys.counts(), filters] as const,
};
