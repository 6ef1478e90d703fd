import type { Socket } from 'socket.io';
import type { AppDeps } from '../../platform/context.js';
import { hitRateLimit } from '../../platform/rate-limit.js';

type Limit = { max: number; windowSeconds: number };

/** Flood limits, counted in the database so every server process shares them (numbers in docs/decisions.md). */
const limits = {
  visitorsPerAddress: { max: 10, windowSeconds: 600 },
  messagesPerVisitor: { max: 30, windowSeconds: 60 },
  messagesPerAddress: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

/** A visitor's screen reports reading at most this often; the reports in between add nothing. */
const READ_INTERVAL_MS = 2000;

async function overLimit(deps: AppDeps, key: string, limit: Limit) {
  return (await hitRateLimit(deps.db, key, limit.windowSeconds)) > limit.max;
}

/**
 * A socket's own count, so a flood from one socket stops costing database statements. One socket window
 * spans at most two database windows, so past twice the limit it is over the shared limit too: this never
 * refuses what the database would allow.
 */
function socketCounter(limit: Limit) {
  let windowStart = Date.now();
  let count = 0;
  return () => {
    if (Date.now() - windowStart >= limit.windowSeconds * 1000) {
      windowStart = Date.now();
      count = 0;
    }
    count += 1;
    return count > 2 * limit.max;
  };
}

/** The visitor's address as the HTTP side sees it: behind a trusted proxy, the first forwarded one. */
function addressOf(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return (trustProxy && first) || socket.handshake.address;
}

/** What one chat socket may still do: each answer counts the attempt. */
export function socketLimits(deps: AppDeps, socket: Socket, connectionId: number) {
  const address = addressOf(socket, deps.config.trustProxy);
  const startsFlooded = socketCounter(limits.visitorsPerAddress);
  const sendsFlooded = socketCounter(limits.messagesPerVisitor);
  return {
    async mayStart(): Promise<boolean> {
      if (startsFlooded()) return false;
      return !(await overLimit(
        deps,
        `webchat:visitors:${connectionId}:${address}`,
        limits.visitorsPerAddress,
      ));
    },
    async maySend(visitorId: string): Promise<boolean> {
      if (sendsFlooded()) return false;
      if (await overLimit(deps, `webchat:messages:${visitorId}`, limits.messagesPerVisitor)) return false;
      return !(await overLimit(
        deps,
        `webchat:messages:${connectionId}:${address}`,
        limits.messagesPerAddress,
      ));
    },
  };
}

/** However often the returned report is called, `work` runs at once, then at most once per interval with the latest. */
export function throttleReads(work: () => void): () => void {
  let pending = false;
  let last = 0;
  return () => {
    if (pending) return;
    pending = true;
    setTimeout(
      () => {
        pending = false;
        last = Date.now();
        work();
      },
      Math.max(0, last + READ_INTERVAL_MS - Date.now()),
    );
  };
}
