import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { copyMedia } from './platform/storage/media-migrate.js';
import { createMediaStorage } from './platform/storage/media-storage.js';

/**
 * `npm run media:migrate -- --from disk --to s3`: copies an installation's media files from one
 * storage to the other, as configured (DATA_DIR/media; the S3_* settings). Run it before switching
 * MEDIA_STORAGE, and once more after, for the files written in between.
 */
const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
const kinds = ['disk', 's3'] as const;
const kindOf = (value: string | undefined) => kinds.find((kind) => kind === value);
const from = kindOf(values.from);
const to = kindOf(values.to);
if (!from || !to || from === to) {
  process.stderr.write('Usage: npm run media:migrate -- --from disk --to s3 (or --from s3 --to disk)\n');
  process.exit(1);
}
const config = loadConfig({ ...process.env, MEDIA_STORAGE: 'disk' });
const counts = await copyMedia(
  await createMediaStorage(config, from),
  await createMediaStorage(config, to),
  (key, copied) => {
    if (copied) process.stdout.write(`copied ${key}\n`);
  },
);
process.stdout.write(`${counts.copied} files copied, ${counts.skipped} already there.\n`);
