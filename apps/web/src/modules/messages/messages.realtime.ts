import { events, messageEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketReconnect } from '../../shared/socket/use-socket-room';
import { alertCustomerMessage } from '../tickets/tickets.alerts';
import { shouldAlert } from '../tickets/tickets.rules';
import { markMessagesRead } from './messages.api';
import { addMessage } from './messages.cache';
import { messagesKeys } from './messages.keys';

/** Customer messages arriving in a burst on the open chat are marked read once it ends. */
const READ_DELAY_MS = 1000;

/**
 * The one subscriber to message events, for the whole app: the conversation caches, reading what
 * the open chat shows (the server learns it by being asked for the newest page), and the chime
 * plus desktop notice for customer messages off screen.
 */
export function useMessagesRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onScreen = useMatch('/tickets/:uuid')?.params.uuid;
  const readTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(readTimer.current), []);
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: messagesKeys.all }));

  useSocketEvent(events.appMessage(me.companyId), messageEvent, ({ action, message, ticket }) => {
    addMessage(queryClient, message);
    if (action !== 'create') return;
    const visible = document.visibilityState === 'visible';
    if (visible && !message.fromMe && ticket.uuid === onScreen) {
      clearTimeout(readTimer.current);
      readTimer.current = setTimeout(
        () => void markMessagesRead(ticket.id).catch(() => undefined),
        READ_DELAY_MS,
      );
    }
    if (shouldAlert(message, ticket, me, { uuid: onScreen, visible })) {
      alertCustomerMessage(message, ticket, () => navigate(`/tickets/${ticket.uuid}`));
    }
  });
}
