import { loadConfig } from '../../config.js';
import { connectDatabase } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { runImport } from '../../modules/ticketz-import/importer/importer.js';
import { parseOptions } from '../../modules/ticketz-import/importer/options.js';
import { formatReport } from '../../modules/ticketz-import/importer/report.js';
import { seedPlatform } from '../../platform/seed.js';
import { createDiskStorage } from '../../platform/storage/storage.js';

/**
 * `npm run import:ticketz -- --from postgres://… (--company N | --all) [--media DIR]`: a process of
 * its own, like the server, on the database the server's configuration names (DATABASE_URL, or the
 * embedded one under DATA_DIR). Exit status 0 when done, 3 when --max-batches stopped it, 1 on error.
 */
async function main() {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const database = await connectDatabase(config);
  try {
    await migrateDatabase(database);
    // Before anything is imported, as the server's first start would: the platform company is id 1,
    // and an imported company must never be given that id.
    const seeded = await seedPlatform(database.db, {
      email: config.adminEmail,
      password: config.adminPassword,
    });
    if (seeded.generatedPassword)
      console.log(
        `Super admin created: ${seeded.adminEmail} / ${seeded.generatedPassword} — shown only once.`,
      );
    const result = await runImport(database, options, {
      print: (line) => console.log(line),
      storage: createDiskStorage(config.mediaDir),
    });
    console.log(formatReport(result.reports));
    if (result.stopped) {
      console.log(`\n${result.stopped}`);
      process.exitCode = 3;
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
