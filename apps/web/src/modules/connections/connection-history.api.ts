import { connectionHistoryResponse } from '@balcao/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { connectionsKeys } from './connections.keys';

/** The connection's status timeline, newest first, a page (30 events) at a time. */
export function useConnectionHistory(id: number) {
  return useInfiniteQuery({
    queryKey: [...connectionsKeys.all, 'history', id],
    queryFn: ({ pageParam }) =>
      request(`/whatsapp/${id}/history`, {
        query: { pageNumber: pageParam },
        schema: connectionHistoryResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}
