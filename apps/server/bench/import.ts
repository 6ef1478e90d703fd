import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { onServer, withDatabase } from './database.js';
import { cpuMs, memoryMb, sleep } from './processes.js';

const ticketzFiles = (name: string) => fileURLToPath(new URL(`../test/ticketz/${name}`, import.meta.url));

function psql(url: string, args: string[]) {
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', ...args], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`psql ${args.join(' ')} failed`);
}

/**
 * The Ticketz database of the import row: Ticketz's schema and seeders, its admin (password 123456)
 * and bench-seed.sql's volume (1,000,000 messages; about ten minutes on a busy machine), made once
 * and kept, like the bench tenant.
 */
async function ticketzDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const exists = await onServer(url, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
    return found.rowCount !== 0;
  });
  if (exists) return;
  process.stdout.write(`Ticketz database ${name}: schema, seeders and 1,000,000 messages…\n`);
  psql(url, ['-f', ticketzFiles('schema.sql')]);
  psql(url, ['-f', ticketzFiles('seeders-data.sql')]);
  // As Ticketz's own seeder stores it: bcrypt (8 rounds) of 123456.
  const hash = bcrypt.hashSync('123456', 8);
  psql(url, [
    '-c',
    `insert into "Users"(id, name, email, "passwordHash", "createdAt", "updatedAt", profile, "tokenVersion", "companyId", super)
     values (1, 'Admin', 'admin@ticketz.host', '${hash}', now(), now(), 'admin', 0, 1, true)`,
  ]);
  psql(url, ['-f', ticketzFiles('bench-seed.sql')]);
}

/**
 * The "import" row: `npm run import:ticketz` (the built command, its own process) bringing the
 * Ticketz bench company into an empty PostgreSQL database, timed, with the command's CPU and peak
 * memory. The target database is made anew each time.
 */
export async function measureImport(url: string) {
  const ticketzUrl = process.env.BENCH_TICKETZ_URL ?? withDatabase(url, 'ticketz_bench');
  const targetUrl = withDatabase(url, `${new URL(url).pathname.slice(1)}_import`);
  await ticketzDatabase(ticketzUrl);
  const target = new URL(targetUrl).pathname.slice(1);
  await onServer(targetUrl, async (client) => {
    await client.query(`drop database if exists "${target}" with (force)`);
    await client.query(`create database "${target}"`);
  });
  process.stdout.write('Import: Ticketz bench company into an empty database…\n');
  const startedAt = Date.now();
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('../dist/import-ticketz.js', import.meta.url)),
      '--from',
      ticketzUrl,
      '--company',
      '1',
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: targetUrl,
        ADMIN_PASSWORD: 'Bench-import-1',
        DATA_DIR: '/tmp/balcao-bench-import',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let peakMb = 0;
  let cpu = 0;
  while (child.exitCode === null) {
    try {
      peakMb = Math.max(peakMb, memoryMb(child.pid as number, 'VmHWM'));
      cpu = cpuMs(child.pid as number);
    } catch {}
    await sleep(1000);
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the import exited with ${code}`);
  const seconds = (Date.now() - startedAt) / 1000;
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as n from messages');
  await client.end();
  const messages = (rows[0] as { n: number }).n;
  const row = {
    id: 'import',
    title: `npm run import:ticketz: the Ticketz bench company (${messages.toLocaleString('en')} messages)`,
    seconds: Math.round(seconds),
    messages,
    messagesPerSecond: Math.round(messages / seconds),
    commandCpuSeconds: Math.round(cpu / 1000),
    peakRssMb: peakMb,
  };
  process.stdout.write(
    `\n| id | what | time | messages/s | command CPU | peak RSS |\n|---|---|---|---|---|---|\n| ${row.id} | ${row.title} | ${row.seconds} s | ${row.messagesPerSecond} | ${row.commandCpuSeconds} s | ${row.peakRssMb} MB |\n`,
  );
  return row;
}
