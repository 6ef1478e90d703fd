import { events, tagEvent, ticketEvent, toKanbanTicket } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketReconnect } from '../../shared/socket/use-socket-room';
import { laneOf, placeCard } from './kanban.board';
import { kanbanKeys } from './kanban.keys';

/**
 * Ticket events move cards between lanes, so a card another user drags moves here too. The events
 * reach only who may see the ticket; the board keeps to the user's queues as its lanes' pages do.
 * `moving`: the cards this user is moving right now.
 */
export function useKanbanRealtime(laneIds: readonly number[], moving: ReadonlySet<number>) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const myQueues = new Set(me.queues.map((queue) => queue.id));
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: kanbanKeys.cards() }));

  useSocketEvent(events.ticket(me.companyId), ticketEvent, (payload) => {
    if (payload.action === 'update') {
      // A card this user is moving already shows where it goes; the event between its two calls would
      // put it back in "Em aberto" for a moment.
      if (moving.has(payload.ticket.id)) return;
      const card = toKanbanTicket(payload.ticket);
      placeCard(queryClient, card, laneOf(card, laneIds, myQueues));
    } else if (payload.action === 'delete') placeCard(queryClient, payload.ticketId, undefined);
  });

  // A lane made, renamed, recoloured or deleted: the lanes are read again, and a deleted lane's cards.
  useSocketEvent(events.tag(me.companyId), tagEvent, (payload) => {
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes() });
    if (payload.action === 'delete') void queryClient.invalidateQueries({ queryKey: kanbanKeys.cards() });
  });
}
