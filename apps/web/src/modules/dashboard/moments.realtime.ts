import { events, ticketEvent } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { useSocketReconnect } from '../../shared/socket/use-socket-room';
import { dashboardKeys } from './dashboard.keys';

/** A burst of ticket events (a bulk close) asks the board again once. */
const REFRESH_MS = 300;

/**
 * Tempo Real follows the ticket events the inbox already receives: any change of a ticket the
 * viewer may see (accepted, transferred, closed, arrived) asks the board again. No polling.
 */
export function useMomentsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.moments() });
    }, REFRESH_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useSocketEvent(events.ticket(me.companyId), ticketEvent, refresh);
  useSocketReconnect(refresh);
}
