import type { Server as HttpServer } from 'node:http';
import { SOCKET_PING_MS } from '@balcao/shared';
import type pg from 'pg';
import { type Namespace, Server, type Socket } from 'socket.io';
import type { ActorLoader, RequestActor } from '../auth/actor.js';
import { isCompanyActive } from '../auth/authenticate.js';
import type { TokenSigner } from '../auth/tokens.js';
import { type AudienceSource, audienceOf } from './audience.js';
import { createClusterAdapter } from './cluster.js';
import { disconnectOnFlood } from './flood.js';
import { audiencePrefix, rooms } from './rooms.js';

type Rooms = string | string[];

/** How services publish: always to a room the server chose, never to everyone. */
export interface Realtime {
  toCompany(companyId: number, event: string, payload: unknown): void;
  toUser(userId: number, event: string, payload: unknown): void;
  /** Several rooms at once reach each socket once; sockets also in `except` get nothing. */
  toRoom(room: Rooms, event: string, payload: unknown, except?: Rooms): void;
  /** Sockets in `where` (and not in `except`) leave `room`, in every server process. */
  leaveRoom(where: Rooms, room: Rooms, except?: Rooms): void;
  /** Recomputes the audience rooms of the user's live sockets after their rights changed. */
  refreshAudience(userId: number): Promise<void>;
  /**
   * Ends the user's sockets in every process: all of them, `only` those of one session, or all `except`
   * those of one. A broadcast each process acts on for its own sockets: no process waits on another.
   */
  disconnectUser(userId: number, sessions?: { only?: string; except?: string }): Promise<void>;
}

export type SocketSetup = (socket: Socket, actor: RequestActor) => void;

export function createRealtime(options: {
  server: HttpServer;
  tokens: TokenSigner;
  actors: ActorLoader;
  pool?: pg.Pool;
  heartbeatMs: number;
}) {
  const io = new Server(options.server, {
    pingInterval: SOCKET_PING_MS,
    pingTimeout: SOCKET_PING_MS,
    serveClient: false,
  });
  // Events cross server processes through PostgreSQL when it is the database.
  if (options.pool) io.adapter(createClusterAdapter(options.pool, { heartbeatMs: options.heartbeatMs }));

  const setups: SocketSetup[] = [];
  const audiences: AudienceSource[] = [];
  const namespaces: Namespace[] = [];

  /** Signs a socket in from its handshake; the same for every namespace of the app. */
  const signIn = async (socket: Socket, access: { allowExpired: boolean }) => {
    // Only the handshake's auth: a token in the query string ends up in access logs.
    const token = socket.handshake.auth?.token;
    if (typeof token !== 'string') throw new Error('ERR_SESSION_EXPIRED');
    const claims = await options.tokens.verifyAccess(token);
    const actor = await options.actors.load(claims.userId);
    if (!actor || actor.companyId !== claims.companyId) throw new Error('ERR_SESSION_EXPIRED');
    if (!actor.super && !isCompanyActive(actor)) {
      if (!access.allowExpired) throw new Error('ERR_SUBSCRIPTION_EXPIRED');
      socket.data.expired = true;
    }
    socket.data.actor = actor;
    socket.data.sessionId = claims.sessionId;
    if (claims.sessionId) socket.join(rooms.session(claims.sessionId));
    return actor;
  };
  const refusal = (error: unknown) =>
    new Error(error instanceof Error ? error.message : 'ERR_SESSION_EXPIRED');

  io.use(async (socket, next) => {
    try {
      const actor = await signIn(socket, { allowExpired: true });
      if (!socket.data.expired) socket.join(await audienceOf(audiences, actor));
      next();
    } catch (error) {
      next(refusal(error));
    }
  });

  io.on('connection', (socket) => {
    const actor = socket.data.actor as RequestActor;
    disconnectOnFlood(socket);
    // A company past its due date only hears of its payment (the billing screen): nothing else of its
    // data reaches it, as no call of its does. The web opens a new socket once it has paid.
    if (socket.data.expired) return socket.join([rooms.billing(actor.companyId), rooms.user(actor.userId)]);
    socket.join([
      rooms.everyone,
      rooms.company(actor.companyId),
      rooms.user(actor.userId),
      rooms.billing(actor.companyId),
    ]);
    for (const setup of setups) setup(socket, actor);
  });

  const realtime: Realtime = {
    toCompany: (companyId, event, payload) => io.to(rooms.company(companyId)).emit(event, payload),
    toUser: (userId, event, payload) => io.to(rooms.user(userId)).emit(event, payload),
    toRoom: (room, event, payload, except = []) => io.to(room).except(except).emit(event, payload),
    leaveRoom: (where, room, except = []) => io.in(where).except(except).socketsLeave(room),
    async refreshAudience(userId) {
      options.actors.forget(userId);
      const actor = await options.actors.load(userId);
      if (!actor) return realtime.disconnectUser(userId);
      const wanted = new Set(await audienceOf(audiences, actor));
      const prefix = audiencePrefix(actor.companyId);
      for (const socket of await io.in(rooms.user(userId)).fetchSockets()) {
        // A company past its due date hears nothing but its payment, whatever its users' rights.
        if (socket.data.expired) continue;
        const stale = [...socket.rooms].filter((room) => room.startsWith(prefix) && !wanted.has(room));
        for (const room of stale) socket.leave(room);
        socket.join([...wanted]);
      }
    },
    async disconnectUser(userId, sessions = {}) {
      for (const where of [io, ...namespaces]) {
        if (sessions.only) where.in(rooms.session(sessions.only)).disconnectSockets(true);
        else if (sessions.except)
          where.in(rooms.user(userId)).except(rooms.session(sessions.except)).disconnectSockets(true);
        else where.in(rooms.user(userId)).disconnectSockets(true);
      }
    },
  };

  return {
    io,
    realtime,
    /** Modules add their own client events (userStatus, joinChatBox) here. */
    onSocket: (setup: SocketSetup) => setups.push(setup),
    /**
     * A namespace of the app's own users, signed in like the main one and ended with the user's
     * sessions, with its own flood budget (events per 10 s) for traffic the main one would refuse.
     */
    namespace(name: string, floodMaxEvents: number, setup: SocketSetup): void {
      const namespace = io.of(name);
      namespaces.push(namespace);
      namespace.use((socket, next) => {
        signIn(socket, { allowExpired: false }).then(
          () => next(),
          (error) => next(refusal(error)),
        );
      });
      namespace.on('connection', (socket) => {
        const actor = socket.data.actor as RequestActor;
        disconnectOnFlood(socket, floodMaxEvents);
        socket.join(rooms.user(actor.userId));
        setup(socket, actor);
      });
    },
    /** Modules say which audience rooms an actor belongs to; sockets join them all. */
    onAudience: (source: AudienceSource) => audiences.push(source),
    close: () => io.close(),
  };
}
