import { clientEvents, events, messageEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketReconnect, useSocketRoom } from '../../shared/socket/use-socket-room';
import { messagesKeys } from '../messages/messages.api';
import { addMessage } from '../messages/messages.cache';

/**
 * The inbox page's rooms and its conversations' live messages. Ticket events are applied app-wide
 * (tickets.alerts.ts), so the lists stay right on every page.
 */
export function useTicketsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  useSocketRoom(clientEvents.joinTickets, clientEvents.leaveTickets, 'open');
  useSocketRoom(clientEvents.joinTickets, clientEvents.leaveTickets, 'pending');
  useSocketRoom(clientEvents.joinTickets, clientEvents.leaveTickets, 'closed');
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: messagesKeys.all }));

  useSocketEvent(events.appMessage(me.companyId), messageEvent, ({ message }) =>
    addMessage(queryClient, message),
  );
}
