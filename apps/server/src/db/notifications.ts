import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber to a NOTIFY channel is told. */
interface ChannelHandlers {
  message(payload: string): void;
  /** Listening (again): notifications sent while it was not may have been missed. */
  up(): void;
  /** Not listening: until `up`, nothing can be known to be current. */
  down(): void;
}

export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<() => Promise<void>>;

const RECONNECT_MS = 1_000;

/**
 * LISTEN on a connection of its own, outside the pool: a pooled client would be handed to queries.
 * A lost connection reports `down` at once and keeps reconnecting until it can report `up`.
 */
/**
 * Stops a client's events reaching the listener; its socket may still report the reset that took it down,
 * and an 'error' with no one listening ends the process.
 */
function retire(client: pg.Client) {
  client.removeAllListeners();
  client.on('error', () => undefined);
}

export function listenOnPostgres(url: string): Listen {
  return async (channel, handlers) => {
    let client: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;

    const lost = () => {
      if (closed || !client) return;
      client = undefined;
      handlers.down();
      retry = setTimeout(connect, RECONNECT_MS);
    };
    async function connect() {
      const next = new pg.Client({ connectionString: url });
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', (note) => handlers.message(note.payload ?? ''));
      try {
        await next.connect();
        await next.query(`listen "${channel}"`);
      } catch {
        retire(next);
        await next.end().catch(() => {});
        if (!closed) retry = setTimeout(connect, RECONNECT_MS);
        return;
      }
      if (closed) return void (await next.end().catch(() => {}));
      client = next;
      handlers.up();
    }

    handlers.down();
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) retire(current);
      await current?.end().catch(() => {});
    };
  };
}

/** PGlite delivers a commit's notifications before the committing query resolves: never stale. */
export function listenOnPglite(client: PGlite): Listen {
  return async (channel, handlers) => {
    const stop = await client.listen(channel, handlers.message);
    handlers.up();
    return stop;
  };
}
