import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../errors.js';
import type { Metrics } from './metrics.js';

export interface MetricSources {
  database: Database;
  /** Socket.IO connections open on this process. */
  sockets(): number;
}

/** Route label of a request Fastify matched no route for: never the raw URL (unbounded series). */
const UNMATCHED = 'unmatched';

/**
 * Prometheus text at `/metrics` behind a bearer token: HTTP rate and latency by route, sockets, job
 * queues, sends by channel and outcome, intake, WhatsApp sessions, database pool and Node's own
 * figures (event-loop lag among them). Per process: Prometheus scrapes each one.
 */
export async function registerPrometheus(
  app: FastifyInstance,
  token: string,
  sources: MetricSources,
): Promise<Metrics> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'balcao_' });

  const requests = new Histogram({
    name: 'balcao_http_request_duration_seconds',
    help: 'HTTP requests by route, method and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'balcao_socket_connections',
    help: 'Socket.IO connections open on this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });

  const { database } = sources;
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'balcao_db_pool_connections',
      help: 'PostgreSQL pool connections of this process by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  // Installation-wide figures, read from the database at scrape time (every process reports the same).
  const queueDepth = new Gauge({
    name: 'balcao_job_queue_depth',
    help: 'Jobs waiting to run, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const queueAge = new Gauge({
    name: 'balcao_job_queue_oldest_seconds',
    help: 'Age of the oldest job waiting to run, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const sessions = new Gauge({
    name: 'balcao_whatsapp_sessions',
    help: 'WhatsApp (Baileys) connections by status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const readDatabaseFigures = async () => {
    const queues = await database.executeSql(
      `select name as queue, count(*)::int as depth,
              coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as oldest
         from pgboss.job where state in ('created', 'retry') and start_after <= now()
        group by name`,
      [],
    );
    queueDepth.reset();
    queueAge.reset();
    for (const row of queues.rows as { queue: string; depth: number; oldest: number }[]) {
      queueDepth.set({ queue: row.queue }, row.depth);
      queueAge.set({ queue: row.queue }, row.oldest);
    }
    const statuses = await database.executeSql(
      `select status, count(*)::int as n from connections where channel = 'whatsapp' group by status`,
      [],
    );
    sessions.reset();
    for (const row of statuses.rows as { status: string; n: number }[])
      sessions.set({ status: row.status }, row.n);
  };

  const sends = new Counter({
    name: 'balcao_outbox_sends_total',
    help: 'Reply send attempts by channel and outcome',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const received = new Counter({
    name: 'balcao_messages_received_total',
    help: 'Messages reaching the intake, by channel; duplicates are deliveries already stored',
    labelNames: ['channel', 'duplicate'] as const,
    registers: [registry],
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: { gate: 'public' } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('ERR_SESSION_EXPIRED');
    }
    await readDatabaseFigures();
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  return {
    sendSettled: (channel, outcome) => sends.inc({ channel, outcome }),
    messageReceived: (channel, duplicate) => received.inc({ channel, duplicate: String(duplicate) }),
  };
}
