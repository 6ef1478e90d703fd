import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { restoreBackup } from './platform/backup/backup.js';

/** `npm run restore -- <backup folder>`: into the configured DATA_DIR, which must hold no database yet. */
const from = process.argv[2];
if (!from) {
  process.stderr.write('Usage: npm run restore -- <backup folder>\n');
  process.exit(1);
}
const config = loadConfig();
try {
  const manifest = await restoreBackup(resolve(from), config.dataDir);
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${config.dataDir}; start the server with this DATA_DIR.\n`,
  );
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
