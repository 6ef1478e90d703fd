import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startProcess } from './processes.js';
import { type LoadFigures, runWrk } from './wrk.js';

/** The bare Fastify hello, measured exactly as the workloads are. */
export async function measureHello(port: number, seconds: number): Promise<LoadFigures> {
  const base = `http://127.0.0.1:${port}`;
  const hello = await startProcess(
    ['--import', 'tsx', fileURLToPath(new URL('./children/hello.ts', import.meta.url))],
    { PORT: String(port), NODE_ENV: 'production' },
    `${base}/`,
  );
  try {
    return await runWrk(base, { method: 'GET', path: '/' }, seconds);
  } finally {
    await hello.stop();
  }
}

function findPgbench(): string | undefined {
  const onPath = spawnSync('which', ['pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .map((version) => `${root}/${version}/bin/pgbench`)
    .find((path) => existsSync(path));
}

export type PgbenchFigures = { tps: number } | { missing: string };

/**
 * The database floor: pgbench's select-only script (one primary-key read per transaction) with
 * 10 clients on one thread, on a scratch database dropped afterwards.
 */
export function measurePgbench(url: string, seconds: number): PgbenchFigures {
  const pgbench = findPgbench();
  if (!pgbench) return { missing: 'pgbench not found: `sudo apt-get install -y postgresql-contrib`' };
  const scratch = new URL(url);
  scratch.pathname = '/balcao_bench_pgbench';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const psql = (command: string) =>
    execFileSync('psql', [admin.toString(), '-qc', command], { stdio: 'ignore' });
  psql('drop database if exists balcao_bench_pgbench with (force)');
  psql('create database balcao_bench_pgbench');
  try {
    execFileSync(pgbench, ['-i', '-q', '-s', '1', scratch.toString()], { stdio: 'ignore' });
    const output = execFileSync(
      pgbench,
      ['-S', '-n', '-c', '10', '-j', '1', '-T', String(seconds), scratch.toString()],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const tps = /tps = ([\d.]+)/.exec(output)?.[1];
    return tps ? { tps: Number(tps) } : { missing: `pgbench printed no tps:\n${output}` };
  } finally {
    psql('drop database if exists balcao_bench_pgbench with (force)');
  }
}
