import { type BuildOptions, buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { loggableError } from './platform/errors.js';
import { seedPlatform } from './platform/seed.js';

/**
 * A whole server process from the environment's configuration (README table): migrated database,
 * first-start seed, HTTP, and a clean stop on SIGINT/SIGTERM. `src/main.ts` runs it as it is.
 */
export async function startServer(options: Pick<BuildOptions, 'whatsappSockets'> = {}) {
  const config = loadConfig();
  const database = await connectDatabase(config);
  await migrateDatabase(database);
  const seeded = await seedPlatform(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  const app = await buildApp({ config, database, ...options });

  // One stray rejection must never restart every tenant's sessions: log it and keep serving.
  process.on('unhandledRejection', (error) => app.log.error(loggableError(error), 'unhandled rejection'));

  // Drain, then close: requests and sends in flight finish, sockets drop their transport (clients
  // reconnect, through the load balancer, to another process) and jobs stop after their current run.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    app.readiness.draining = true;
    await new Promise((wait) => setTimeout(wait, config.shutdown.drainSeconds * 1000));
    const deadline = setTimeout(() => {
      app.log.error(`stop took longer than ${config.shutdown.timeoutSeconds} s; exiting with work in flight`);
      process.exit(1);
    }, config.shutdown.timeoutSeconds * 1000);
    await app.close();
    await database.close();
    clearTimeout(deadline);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  const where = database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  // Plain lines for the person who just typed `npm start`, beside the structured log.
  process.stdout.write(`\nBalcão is running on http://localhost:${config.port} (${where})\n`);
  if (seeded.generatedPassword) {
    process.stdout.write(
      `Super admin created: ${seeded.adminEmail} / ${seeded.generatedPassword} — this password is shown only once.\n\n`,
    );
  }
}
