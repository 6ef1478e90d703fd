import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../db/client.js';
import { loadPgliteCopy } from '../../db/client.js';

/**
 * A backup is a folder: `database.tar.gz` (the embedded database's files), `media/` (the media folder)
 * and `backup.json` saying what it is. A folder rather than one archive so an operator can look inside,
 * and rsync or tar it as their backups already do.
 */
const DATABASE_FILE = 'database.tar.gz';
const MANIFEST_FILE = 'backup.json';

interface Manifest {
  format: 1;
  createdAt: string;
  databaseBytes: number;
  mediaFiles: number;
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => []);
  return entries.length === 0;
}

/**
 * Copies a running installation's embedded database and media into `to` (which must not exist or be
 * empty). The database first, then the media: media files are written before the rows naming them and
 * never changed, so every file the copied rows name is in the copied folder.
 */
export async function writeBackup(database: Database, mediaDir: string, to: string): Promise<Manifest> {
  if (!database.dumpDataDir) throw new Error('Back up PostgreSQL with pg_dump (docs/operations.md)');
  if (!(await isEmptyOrMissing(to)))
    throw new Error(`${to} is not empty: choose a new folder for the backup`);
  await mkdir(to, { recursive: true });
  const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
  await writeFile(join(to, DATABASE_FILE), dump);
  const hasMedia = await stat(mediaDir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (hasMedia) await cp(mediaDir, join(to, 'media'), { recursive: true });
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    databaseBytes: dump.length,
    mediaFiles: hasMedia ? await countFiles(join(to, 'media')) : 0,
  };
  await writeFile(join(to, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup into an empty data folder: the database under `db/`, media under `media/`. It never
 * writes over an installation: a data folder that already holds a database is refused.
 */
export async function restoreBackup(from: string, dataDir: string): Promise<Manifest> {
  const manifest = JSON.parse(
    await readFile(join(from, MANIFEST_FILE), 'utf8').catch(() => 'null'),
  ) as Manifest | null;
  if (manifest?.format !== 1) throw new Error(`${from} is not a Balcão backup (no ${MANIFEST_FILE})`);
  const dbDir = join(dataDir, 'db');
  if (!(await isEmptyOrMissing(dbDir))) {
    throw new Error(`${dbDir} already holds a database: restore into a new DATA_DIR`);
  }
  const dump = await readFile(join(from, DATABASE_FILE));
  await loadPgliteCopy(dbDir, new Blob([dump]));
  const media = join(from, 'media');
  if (await stat(media).catch(() => undefined)) await cp(media, join(dataDir, 'media'), { recursive: true });
  return manifest;
}
