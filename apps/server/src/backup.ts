import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { connectPglite } from './db/client.js';
import { writeBackup } from './platform/backup/backup.js';
import { requestBackup } from './platform/backup/control-socket.js';

/**
 * `npm run backup [-- <folder>]`: a copy of the embedded database and the media folder, taken by the
 * running server when there is one (through its control socket) or from the stopped data folder.
 */
const config = loadConfig();
if (config.databaseUrl) {
  process.stderr.write(
    'This installation runs on PostgreSQL: back it up with pg_dump (docs/operations.md).\n',
  );
  process.exit(1);
}
const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
const to = resolve(process.argv[2] ?? `balcao-backup-${stamp}`);

const answer = await requestBackup(config.dataDir, to);
if (answer?.error) {
  process.stderr.write(`Backup failed: ${answer.error}\n`);
  process.exit(1);
}
if (!answer) {
  const database = await connectPglite(resolve(config.dataDir, 'db'));
  try {
    await writeBackup(database, config.mediaDir, to);
  } finally {
    await database.close();
  }
}
process.stdout.write(`Backup written to ${to}${answer ? ' by the running server' : ''}\n`);
