import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { serverRoot } from '../../db/migrate.js';
import type { MediaStorage } from '../../platform/storage/storage.js';

/** Whether this process still takes new work; a stop drains it first (server.ts). */
export interface Readiness {
  draining: boolean;
}

const readyAnswer = z.object({
  status: z.enum(['ready', 'draining', 'database-unreachable', 'migrations-pending', 'storage-unreachable']),
});

/** A database or storage that does not answer this fast is as good as down to a load balancer's check. */
const CHECK_MS = 2_000;

function withinCheck<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} check timed out`)), CHECK_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The migrations this build knows, as the migrator counts them. */
function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(join(serverRoot(), 'drizzle/meta/_journal.json'), 'utf8'));
  return journal.entries.length;
}

async function appliedMigrations(database: Database): Promise<number> {
  const answer = database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations', []);
  const { rows } = await withinCheck(answer, 'database');
  return (rows[0] as { n: number }).n;
}

/**
 * `/health` is liveness: it never touches the database, so a database outage does not get every
 * process restarted. `/ready` is for load balancers: the database answers (the job queue lives in it),
 * its schema is at least this build's, media can be stored, and the process is not draining for a stop.
 */
export const healthRoutes =
  (database: Database, storage: MediaStorage, readiness: Readiness): FastifyPluginAsync =>
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
        const stores = await withinCheck(storage.reachable(), 'storage').catch(() => false);
        if (!stores) return reply.code(503).send({ status: 'storage-unreachable' });
        return { status: 'ready' as const };
      },
    );
  };
