// Fails when the Drizzle schema and the committed migrations disagree: drizzle-kit generates into
// a scratch copy of the migrations folder, and anything it would write means a migration is missing.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const server = join(import.meta.dirname, '..');
const committed = join(server, 'drizzle');
const scratchRoot = mkdtempSync(join(tmpdir(), 'balcao-drift-'));
const scratch = join(scratchRoot, 'drizzle');

const filesOf = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

try {
  cpSync(committed, scratch, { recursive: true });
  const run = spawnSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect=postgresql',
      '--schema=./src/db/schema/index.ts',
      // drizzle-kit prefixes the path with "./", so it must be relative to the server folder.
      `--out=${relative(server, scratch)}`,
    ],
    // No terminal: a change drizzle-kit would have to ask about (a rename?) ends the run, not hangs it.
    { cwd: server, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 120_000 },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const before = filesOf(committed);
  const after = filesOf(scratch);
  const changed = after.filter(
    (file) =>
      !before.includes(file) ||
      readFileSync(join(committed, file), 'utf8') !== readFileSync(join(scratch, file), 'utf8'),
  );
  if (run.status !== 0 || run.error || !output.includes('No schema changes')) {
    console.error(output || run.error?.message);
    console.error(
      '\nThe schema in src/db/schema differs from the migrations in drizzle/ (or drizzle-kit failed).',
    );
    for (const file of changed.filter((f) => f.endsWith('.sql')))
      console.error(`\n--- would write ${file}:\n${readFileSync(join(scratch, file), 'utf8')}`);
    console.error('Run `npm run db:generate` and commit the migration.');
    process.exit(1);
  }
  console.log('Schema and migrations agree.');
} finally {
  rmSync(scratchRoot, { recursive: true, force: true });
}
