import { createAdapter, type PostgresAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { type ClusterMessage, MessageType } from 'socket.io-adapter';

/**
 * What this reaches inside @socket.io/postgres-adapter 0.5.0 (pinned): the publish step, and the
 * PubSubClient's LISTEN connection, which it sets only once it listens and drops when it ends.
 */
/** The adapter's one LISTEN connection, shared by its namespaces (its `PubSubClient`). */
interface PubSubInternals {
  client?: object;
  scheduleReconnection(): void;
  initClient(): Promise<void>;
  close(): void;
}

interface AdapterInternals {
  client: PubSubInternals;
  doPublish(message: ClusterMessage): Promise<string>;
}

/**
 * Socket.IO's PostgreSQL adapter, except that a broadcast is not published while no other server
 * process is on the database: the adapter NOTIFYs every broadcast (an INSERT as well when it is over
 * 8,000 bytes), two per inbound message, even when nobody listens.
 *
 * "Alone" must never be a guess, or an event caused here would miss a socket on another process. So
 * it holds only while this process has listened for two heartbeats without hearing any other: every
 * live process heartbeats (or publishes) at least once per heartbeat, a newcomer announces itself
 * when it starts, and the others answer it. Once another process has been heard, it takes a minute of
 * its silence (twelve heartbeats), so a peer whose event loop stalls a while is not taken for gone
 * and its sockets still get every event. While this process's listener is down, or until it has
 * listened that long, everything is published as before.
 */
export function createClusterAdapter(
  pool: pg.Pool,
  {
    heartbeatMs,
    channelPrefix = 'socket.io',
  }: {
    heartbeatMs: number;
    /** Processes meet on the NOTIFY channels of this prefix (one per namespace). */
    channelPrefix?: string;
  },
) {
  const timeoutMs = 2 * heartbeatMs;
  const make = createAdapter(pool, {
    channelPrefix,
    heartbeatInterval: heartbeatMs,
    heartbeatTimeout: timeoutMs,
  });
  const patched = new WeakSet<PubSubInternals>();
  // Socket.IO calls it with `new`: a function, not an arrow, whose returned object is the adapter.
  return function clusterAdapter(namespace: unknown) {
    const adapter = make(namespace);
    const pubsub = (adapter as unknown as AdapterInternals).client;
    if (!patched.has(pubsub)) {
      patched.add(pubsub);
      oneListener(pubsub);
    }
    publishOnlyWithPeers(adapter, { heartbeatMs, timeoutMs });
    return adapter;
  };
}

/**
 * Keeps the adapter to one LISTEN client. When the database drops the connection while the adapter sets
 * it up, it schedules a reconnection twice (from the connection's end and from the failed LISTEN), and
 * two clients then listen, one unseen: its notifications delivered twice, its connection held for good.
 * And a reconnection still under way when the adapter closes would keep the client it gets, so the pool
 * never ends. One reconnection at a time, and none kept after the close.
 */
function oneListener(pubsub: PubSubInternals) {
  const schedule = pubsub.scheduleReconnection.bind(pubsub);
  const init = pubsub.initClient.bind(pubsub);
  const close = pubsub.close.bind(pubsub);
  let pending = false;
  let closed = false;
  pubsub.scheduleReconnection = () => {
    if (pending || closed) return;
    pending = true;
    schedule();
  };
  pubsub.initClient = async () => {
    pending = false;
    await init();
    if (closed) close();
  };
  pubsub.close = () => {
    closed = true;
    close();
  };
}

function publishOnlyWithPeers(
  adapter: PostgresAdapter,
  { heartbeatMs, timeoutMs }: { heartbeatMs: number; timeoutMs: number },
) {
  const internals = adapter as unknown as AdapterInternals;
  const publish = internals.doPublish.bind(adapter);
  let listener: object | undefined;
  let listeningSince = 0;

  /** Heartbeats go out at least once per heartbeat, so a new listener is noticed within one. */
  const noticeListener = () => {
    const current = internals.client.client;
    if (current === listener) return;
    listener = current;
    listeningSince = Date.now();
  };
  const peerSilenceMs = 12 * heartbeatMs;
  let peerSeenAt: number | undefined;
  const countServers = async () => {
    const count = await adapter.serverCount();
    if (count > 1) peerSeenAt = Date.now();
    return count;
  };
  // Sampled every heartbeat as well as on each publish: a peer heard between two rare broadcasts counts.
  const sampler = setInterval(() => void countServers().catch(() => undefined), heartbeatMs);
  sampler.unref();
  const close = adapter.close.bind(adapter);
  adapter.close = () => {
    clearInterval(sampler);
    return close();
  };
  const alone = async () => {
    if (listener === undefined || Date.now() - listeningSince < timeoutMs) return false;
    if ((await countServers()) > 1) return false;
    return peerSeenAt === undefined || Date.now() - peerSeenAt >= peerSilenceMs;
  };

  // Only plain broadcasts: one awaiting acknowledgements, room changes and requests still go out.
  const send = async (message: ClusterMessage) =>
    message.type === MessageType.BROADCAST && message.data.requestId === undefined && (await alone())
      ? ''
      : publish(message);
  // Socket.IO delivers a broadcast to this process's sockets once its publish resolves: resolving them
  // in the order they were made keeps a ticket's events in order whichever NOTIFY returns first.
  let previous: Promise<unknown> = Promise.resolve();
  internals.doPublish = (message) => {
    noticeListener();
    const sent = send(message);
    const inOrder = previous.then(() => sent);
    previous = inOrder.catch(() => undefined);
    return inOrder;
  };
}
