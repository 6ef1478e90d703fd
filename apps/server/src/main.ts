import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { seedPlatform } from './db/seed.js';

const config = loadConfig();
const database = await connectDatabase(config);
await migrateDatabase(database);
const seeded = await seedPlatform(database.db, { email: config.adminEmail, password: config.adminPassword });
const app = await buildApp({ config, database });

if (seeded.generatedPassword) {
  app.log.warn(
    `Super admin created: ${seeded.adminEmail} / ${seeded.generatedPassword} — this password is shown only once.`,
  );
}

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Balcão on http://localhost:${config.port} (${database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
