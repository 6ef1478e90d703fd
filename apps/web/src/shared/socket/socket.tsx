import { clientEvents, USER_STATUS_HEARTBEAT_MS } from '@balcao/shared';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { io as openSocket, Socket } from 'socket.io-client';
import type { z } from 'zod';
import { refreshSession } from '../api/http';
import { clearSession, getToken, markSubscriptionExpired } from '../session/session.store';

/** Provided by SocketProvider; a component test provides its own emitter in its place. */
export const SocketContext = createContext<Socket | null>(null);

/**
 * One socket per signed-in user, on the page's own origin (the server serves the app).
 * Mount it keyed by the user id so a different user gets a new connection.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    let stop = () => {};
    let unmounted = false;
    // The client's code comes after the first paint: the screen shows its data before it is live.
    void import('socket.io-client').then(({ io }) => {
      if (!unmounted) stop = connect(io, setSocket);
    });
    return () => {
      unmounted = true;
      stop();
    };
  }, []);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** Opens the user's connection and keeps it signed in; returns how to close it. */
function connect(io: typeof openSocket, onOpen: (socket: Socket) => void) {
  // The auth callback runs on every (re)connect, so a refreshed token is picked up.
  const next = io(window.location.origin, { auth: (cb) => cb({ token: getToken() }) });
  let retriedAfterRefresh = false;
  next.on('connect', () => {
    retriedAfterRefresh = false;
  });
  // A handshake refused by the server (expired token) is not retried by socket.io itself.
  next.on('connect_error', (error) => {
    if (error.message === 'ERR_SUBSCRIPTION_EXPIRED') {
      markSubscriptionExpired();
      return;
    }
    if (next.active || retriedAfterRefresh) return;
    retriedAfterRefresh = true;
    void refreshSession().then((ok) => (ok ? next.connect() : clearSession()));
  });
  const heartbeat = setInterval(() => next.emit(clientEvents.userStatus), USER_STATUS_HEARTBEAT_MS);
  onOpen(next);
  return () => {
    clearInterval(heartbeat);
    next.disconnect();
  };
}

export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/** Listens to `event` while mounted; payloads that do not match the contract are dropped. */
export function useSocketEvent<S extends z.ZodType>(
  event: string,
  schema: S,
  onEvent: (payload: z.output<S>) => void,
) {
  const socket = useSocket();
  const latest = useRef(onEvent);
  latest.current = onEvent;

  useEffect(() => {
    if (!socket) return;
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) latest.current(parsed.data);
    };
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event, schema]);
}
