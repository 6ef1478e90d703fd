import type { Server as HttpServer } from 'node:http';
import { clientEvents, SOCKET_PING_MS } from '@balcao/shared';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { ActorLoader, RequestActor } from '../auth/actor.js';
import { isCompanyActive } from '../auth/authenticate.js';
import type { TokenSigner } from '../auth/tokens.js';
import { rooms } from './rooms.js';

/** How services publish: always to a room the server chose, never to everyone. */
export interface Realtime {
  toCompany(companyId: number, event: string, payload: unknown): void;
  toUser(userId: number, event: string, payload: unknown): void;
  /** Several rooms at once reach each socket once, however many of them it is in. */
  toRoom(room: string | string[], event: string, payload: unknown): void;
}

export type SocketSetup = (socket: Socket, actor: RequestActor) => void;

const ticketStatuses = new Set(['open', 'pending', 'closed', 'group', 'nps', 'lgpd']);

export function createRealtime(options: {
  server: HttpServer;
  tokens: TokenSigner;
  actors: ActorLoader;
  pool?: pg.Pool;
}) {
  const io = new Server(options.server, {
    pingInterval: SOCKET_PING_MS,
    pingTimeout: SOCKET_PING_MS,
    serveClient: false,
  });
  // Events cross server processes through PostgreSQL when it is the database.
  if (options.pool) io.adapter(createAdapter(options.pool));

  const setups: SocketSetup[] = [];

  io.use(async (socket, next) => {
    try {
      const token = socket.handshake.auth?.token ?? socket.handshake.query?.token;
      if (typeof token !== 'string') throw new Error('ERR_SESSION_EXPIRED');
      const claims = await options.tokens.verifyAccess(token);
      const actor = await options.actors.load(claims.userId);
      if (!actor || actor.companyId !== claims.companyId) throw new Error('ERR_SESSION_EXPIRED');
      if (!actor.super && !isCompanyActive(actor)) throw new Error('ERR_SUBSCRIPTION_EXPIRED');
      socket.data.actor = actor;
      next();
    } catch (error) {
      next(new Error(error instanceof Error ? error.message : 'ERR_SESSION_EXPIRED'));
    }
  });

  io.on('connection', (socket) => {
    const actor = socket.data.actor as RequestActor;
    socket.join([rooms.company(actor.companyId), rooms.user(actor.userId)]);
    socket.on(clientEvents.joinNotification, () => socket.join(rooms.notification(actor.companyId)));
    socket.on(clientEvents.joinTickets, (status: unknown) => {
      if (typeof status === 'string' && ticketStatuses.has(status)) {
        socket.join(rooms.ticketStatus(actor.companyId, status));
      }
    });
    socket.on(clientEvents.leaveTickets, (status: unknown) => {
      if (typeof status === 'string') socket.leave(rooms.ticketStatus(actor.companyId, status));
    });
    for (const setup of setups) setup(socket, actor);
  });

  const realtime: Realtime = {
    toCompany: (companyId, event, payload) => io.to(rooms.company(companyId)).emit(event, payload),
    toUser: (userId, event, payload) => io.to(rooms.user(userId)).emit(event, payload),
    toRoom: (room, event, payload) => io.to(room).emit(event, payload),
  };

  return {
    io,
    realtime,
    /** Modules add their own client events (userStatus, joinChatBox) here. */
    onSocket: (setup: SocketSetup) => setups.push(setup),
    close: () => io.close(),
  };
}
