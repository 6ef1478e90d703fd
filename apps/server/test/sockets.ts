import type { AddressInfo } from 'node:net';
import { events } from '@balcao/shared';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

/** Long enough for a loaded machine, short of the test timeout (20 s) so the failure names what was awaited. */
const WAIT_MS = 10_000;
/** The marker `drain` sends; `overhear` leaves it out. */
const DRAINED_EVENT = 'test:drained';

/** Puts an app on a real port and opens real Socket.IO clients to it; `close` ends both. */
export async function listenForSockets(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  let marks = 0;

  /** `before` attaches listeners for what the server sends the moment the socket connects. */
  const connect = (auth: object, namespace = '', before?: (socket: Socket) => void): Promise<Socket> => {
    const socket = io(`${base}${namespace}`, { auth, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    before?.(socket);
    return new Promise((resolve, reject) => {
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  };

  /**
   * Connects a user who is offline, and resolves once their socket heard them come online
   * (connecting is a heartbeat the company is told of). Broadcasts reach a socket in the order they
   * were published, so by then it has also received everything published before it connected (on
   * PostgreSQL an event is delivered only once its NOTIFY returns): what the socket hears from here
   * on is what the test does next.
   */
  const connectOnline = async (user: { id: number; companyId: number; token: string }) => {
    let online: Promise<void> = Promise.resolve();
    const socket = await connect({ token: user.token }, '', (socket) => {
      online = new Promise((resolve) => {
        const announced = (event: { user?: { id: number; online?: boolean } }) => {
          if (event.user?.id !== user.id || !event.user.online) return;
          socket.off(events.user(user.companyId), announced);
          resolve();
        };
        socket.on(events.user(user.companyId), announced);
      });
    });
    await within(online, `user ${user.id} to be announced online`);
    return socket;
  };

  /**
   * Resolves once each socket has received every event published before this call, or was
   * disconnected. A marker published now to the socket's own room comes after them all: broadcasts
   * are delivered in the order they were published, and one connection keeps them in order. So a
   * socket that should not hear something can be checked right after, with no pause.
   */
  const drain = (...targets: Socket[]) =>
    Promise.all(
      targets.map((socket) => {
        if (!socket.connected || !socket.id) return Promise.resolve();
        const mark = ++marks;
        const drained = new Promise<void>((resolve) => {
          const finish = () => {
            socket.off(DRAINED_EVENT, marked);
            socket.off('disconnect', finish);
            resolve();
          };
          const marked = (got: number) => got === mark && finish();
          socket.on(DRAINED_EVENT, marked);
          socket.on('disconnect', finish);
        });
        app.deps.realtime.toRoom(socket.id, DRAINED_EVENT, mark);
        return within(drained, `socket ${socket.id} to receive what was published before`);
      }),
    );

  return {
    connect,
    connectOnline,
    drain,
    close: async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    },
  };
}

export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** Every event the socket hears from now on, as [name, payload], except the markers of `drain`. */
export function overhear(socket: Socket): [string, unknown][] {
  const received: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (event !== DRAINED_EVENT) received.push([event, payload]);
  });
  return received;
}

/**
 * Resolves as soon as `received` holds `expected` events (or `expected` holds of it), instead of a
 * fixed pause that a loaded machine outlasts; fails after `timeoutMs` showing what did arrive.
 */
export async function heard<T>(
  received: T[],
  expected: number | ((received: T[]) => boolean),
  timeoutMs = WAIT_MS,
): Promise<void> {
  const done = typeof expected === 'number' ? () => received.length >= expected : () => expected(received);
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) {
      const wanted = typeof expected === 'number' ? `${expected} events` : 'the expected events';
      throw new Error(`waited ${timeoutMs} ms for ${wanted}; heard ${JSON.stringify(received, null, 1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function within(promise: Promise<void>, what: string, timeoutMs = WAIT_MS) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${timeoutMs} ms for ${what}`)), timeoutMs);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
