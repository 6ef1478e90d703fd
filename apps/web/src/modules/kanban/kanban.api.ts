import {
  type KanbanTicket,
  kanbanLanesResponse,
  kanbanTicketsResponse,
  type TagRef,
  tagsOfResponse,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { movedCard, placeCard } from './kanban.board';
import { kanbanKeys, type LaneKey, OPEN_LANE } from './kanban.keys';

export function useKanbanLanes() {
  return useQuery({
    queryKey: kanbanKeys.lanes(),
    queryFn: () => request('/tags/kanban', { schema: kanbanLanesResponse }),
  });
}

/** One lane's cards, a page at a time (KANBAN_PAGE_SIZE); the server keeps to the user's queues. */
export function useLaneCards(lane: LaneKey) {
  return useInfiniteQuery({
    queryKey: kanbanKeys.lane(lane),
    queryFn: ({ pageParam }) =>
      request('/ticket/kanban', {
        query: { tagId: lane === OPEN_LANE ? undefined : lane, pageNumber: pageParam },
        schema: kanbanTicketsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

interface Move {
  card: KanbanTicket;
  from: LaneKey;
  to: LaneKey;
  lanes: TagRef[];
}

/**
 * Spec 001 §4: a card moved to another lane loses its lane tag and gets the new lane's. The card
 * moves at once; the server's answers (and each step's toast) follow, and a refusal puts the board
 * back as the server has it.
 */
export function useMoveCard(
  toast: { removed: () => void; added: () => void; failed: (error: unknown) => void },
  moving: Set<number>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ card, from, to }: Move) => {
      if (from !== OPEN_LANE) {
        await request(`/ticket-tags/${card.id}`, { method: 'DELETE', schema: tagsOfResponse });
        toast.removed();
      }
      if (to !== OPEN_LANE) {
        await request(`/ticket-tags/${card.id}/${to}`, { method: 'PUT', schema: tagsOfResponse });
        toast.added();
      }
    },
    onMutate: ({ card, to, lanes }: Move) => {
      moving.add(card.id);
      placeCard(queryClient, movedCard(card, to, lanes), to);
    },
    onSettled: (_data, _error, { card }) => moving.delete(card.id),
    onError: (error) => {
      toast.failed(error);
      void queryClient.invalidateQueries({ queryKey: kanbanKeys.cards() });
    },
  });
}
