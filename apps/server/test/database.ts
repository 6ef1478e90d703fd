import { connectPglite, connectPostgres, type Database } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { seedPlatform } from '../src/platform/seed.js';

export const SUPER_EMAIL = 'super@balcao.test';
export const SUPER_PASSWORD = 'Super-secret-1';

let shared: Promise<Database> | undefined;

/**
 * One migrated database for the whole run (PGlite in memory, or PostgreSQL at TEST_DATABASE_URL).
 * Tests never clean it: each makes its own companies, so they cannot see each other's rows.
 */
export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = process.env.TEST_DATABASE_URL;
    const database = url ? await connectPostgres(url) : await connectPglite();
    await migrateDatabase(database);
    await seedPlatform(database.db, { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    return database;
  })();
  return shared;
}
