import type { EventEmitter } from 'node:events';
import type { SessionUser } from '@balcao/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { SessionUserProvider } from '../shared/session/session-user';
import { SocketContext } from '../shared/socket/socket';

/** Renders realtime hooks as a signed-in page does, with `socket` (an emitter the test drives) as the server. */
export const liveWrapper =
  (queryClient: QueryClient, user: SessionUser, socket: EventEmitter) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionUserProvider user={user}>
        <SocketContext.Provider value={socket as unknown as Socket}>{children}</SocketContext.Provider>
      </SessionUserProvider>
    </QueryClientProvider>
  );
