import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { serverRoot } from '../../db/migrate.js';

/** Whether this process still takes new work; a stop drains it first (server.ts). */
export interface Readiness {
  draining: boolean;
}

const readyAnswer = z.object({
  status: z.enum(['ready', 'draining', 'database-unreachable', 'migrations-pending']),
});

/** A database that does not answer this fast is as good as down to a load balancer's check. */
const DATABASE_CHECK_MS = 2_000;

/** The migrations this build knows, as the migrator counts them. */
function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(join(serverRoot(), 'drizzle/meta/_journal.json'), 'utf8'));
  return journal.entries.length;
}

async function appliedMigrations(database: Database): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error('database check timed out')), DATABASE_CHECK_MS);
  });
  try {
    const answer = database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations', []);
    const { rows } = await Promise.race([answer, timeout]);
    return (rows[0] as { n: number }).n;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health` is liveness: it never touches the database, so a database outage does not get every
 * process restarted. `/ready` is for load balancers: the database answers, its schema is at least
 * this build's, and the process is not draining for a stop.
 */
export const healthRoutes =
  (database: Database, readiness: Readiness): FastifyPluginAsync =>
  async (app) => {
    const known = knownMigrations();
    app.get('/health', { config: { gate: 'public' } }, async () => ({ status: 'ok' }));
    app.get(
      '/ready',
      { config: { gate: 'public' }, schema: { response: { 200: readyAnswer, 503: readyAnswer } } },
      async (_request, reply) => {
        if (readiness.draining) return reply.code(503).send({ status: 'draining' });
        const applied = await appliedMigrations(database).catch(() => undefined);
        if (applied === undefined) return reply.code(503).send({ status: 'database-unreachable' });
        if (applied < known) return reply.code(503).send({ status: 'migrations-pending' });
        return { status: 'ready' as const };
      },
    );
  };
