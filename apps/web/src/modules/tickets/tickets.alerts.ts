import { events, type Message, type Ticket, ticketEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { askNotificationPermission, showDesktopNotification } from '../../shared/notifications/desktop';
import { playNotificationSound, unlockSound } from '../../shared/notifications/sound';
import { setUnreadTickets } from '../../shared/notifications/unread-tickets';
import { getVolume } from '../../shared/notifications/volume';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketReconnect } from '../../shared/socket/use-socket-room';
import { useTicketCounts } from './tickets.api';
import { applyTicket, markTicketRead, removeTicket } from './tickets.cache';
import { ticketsKeys } from './tickets.keys';
import { noFilters } from './tickets.rules';

/** A burst of ticket events refreshes the badges once, at most this often. */
const COUNTS_REFRESH_MS = 1000;

/** Notification permission and audio both wait for the user's first gesture on the page. */
function useAlertsUnlockedOnGesture() {
  useEffect(() => {
    const unlock = () => {
      askNotificationPermission();
      unlockSound();
    };
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, []);
}

/**
 * The inbox's part of the whole app, on every page: ticket events kept in the caches and the bell's
 * count of unread tickets (from the one counts call). A ticket that left the user's sight arrives as a removal.
 */
export function useTicketAlerts() {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const counts = useTicketCounts(noFilters);
  const refresh = useRef<ReturnType<typeof setTimeout>>(undefined);
  useAlertsUnlockedOnGesture();

  useEffect(() => setUnreadTickets(counts.data?.unread ?? 0), [counts.data]);
  useEffect(() => () => clearTimeout(refresh.current), []);
  useEffect(() => () => setUnreadTickets(0), []);
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: ticketsKeys.all }));

  useSocketEvent(events.ticket(me.companyId), ticketEvent, (payload) => {
    if (payload.action === 'update') applyTicket(queryClient, payload.ticket, me);
    else if (payload.action === 'delete') removeTicket(queryClient, payload.ticketId);
    else markTicketRead(queryClient, payload.ticketId);
    // Whether the event changed a count depends on where the ticket was before, which only the
    // server knows for sure: the counts are asked again, once per burst.
    refresh.current ??= setTimeout(() => {
      refresh.current = undefined;
      void queryClient.invalidateQueries({ queryKey: ticketsKeys.counts() });
    }, COUNTS_REFRESH_MS);
  });
}

/** A chime and a desktop notice for a customer message the user is not looking at. */
export function alertCustomerMessage(message: Message, ticket: Ticket, open: () => void) {
  playNotificationSound(getVolume());
  showDesktopNotification({
    title: ticket.contact.name,
    body: message.body,
    tag: ticket.uuid,
    icon: ticket.contact.profilePicUrl ?? undefined,
    onClick: open,
  });
}
