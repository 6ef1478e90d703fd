import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';

/** The server package's root, found from this file whether it runs from src/ or from the dist bundle. */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'drizzle.config.ts'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the server package root');
    dir = parent;
  }
  return dir;
}

/** Any constant both processes agree on; spells 'balcao' in ASCII. */
const MIGRATION_LOCK = 0x62616c63616f;

/** Applies the migrations of `migrationsFolder` (the server's own by default) not applied yet. */
export async function migrateDatabase(
  database: Database,
  migrationsFolder = join(serverRoot(), 'drizzle'),
): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Processes started together would each apply the same migrations: the first takes the lock and
  // migrates, the others wait for it and then find nothing to do.
  const lock = await database.pool?.connect();
  try {
    await lock?.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lock?.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    lock?.release();
  }
}
