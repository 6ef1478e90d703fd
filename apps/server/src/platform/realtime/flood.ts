import type { ErrorCode } from '@balcao/shared';
import type { Socket } from 'socket.io';

/**
 * Any socket sending more than this many events in one window is cut off. The web app sends a
 * heartbeat every 5 minutes and a few room changes per click; 60 in 10 s is far above that.
 * A socket lives in one process, so counting in that process is exact.
 */
export const FLOOD_MAX_EVENTS = 60;
const FLOOD_WINDOW_MS = 10_000;

export function disconnectOnFlood(socket: Socket, maxEvents = FLOOD_MAX_EVENTS) {
  const allowed = allowance(maxEvents, FLOOD_WINDOW_MS);
  socket.use((_packet, next) => {
    if (allowed()) return next();
    const code: ErrorCode = 'ERR_TOO_MANY_ATTEMPTS';
    socket.emit('error', code);
    socket.disconnect(true);
  });
}

/** True for the first `max` calls of each `windowMs` window; the rest of the window is refused. */
export function allowance(max: number, windowMs: number): () => boolean {
  let windowStart = Number.NEGATIVE_INFINITY;
  let count = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    return count <= max;
  };
}

/**
 * Runs `work` one call at a time; while one runs, only the latest request waits (earlier waiting
 * ones are dropped), so a burst never builds a queue.
 */
export function latestOnly<T>(work: (input: T) => Promise<void>): (input: T) => void {
  let running = false;
  let waiting: { input: T } | undefined;
  const run = (input: T) => {
    running = true;
    void work(input)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        const next = waiting;
        waiting = undefined;
        if (next) run(next.input);
      });
  };
  return (input) => {
    if (running) waiting = { input };
    else run(input);
  };
}
