import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

/** Puts an app on a real port and opens real Socket.IO clients to it; `close` ends both. */
export async function listenForSockets(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];

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

  return {
    connect,
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
