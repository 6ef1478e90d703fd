import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { connectPostgres } from '../src/db/client.js';
import { migrateDatabase, serverRoot } from '../src/db/migrate.js';
import { users } from '../src/db/schema/index.js';
import { seedPlatform } from '../src/db/seed.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { type Figures, measure, type Workload } from './load.js';
import { BENCH_ADMIN, BENCH_TICKET, seedBenchTenant } from './tenant.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/balcao_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 8099);
const fresh = process.argv.includes('--fresh');

const workloads: Workload[] = [
  { id: 'W0', title: 'no auth, no database', method: 'GET', path: '/health' },
  {
    id: 'W1a',
    title: 'open tickets, show all',
    method: 'GET',
    path: '/tickets?status=open&showAll=true&pageNumber=1',
  },
  {
    id: 'W1b',
    title: 'pending tickets, show all',
    method: 'GET',
    path: '/tickets?status=pending&showAll=true&pageNumber=1',
  },
  {
    id: 'W1c',
    title: 'open tickets of 5 queues',
    method: 'GET',
    path: '/tickets?status=open&showAll=true&pageNumber=1&queueIds=[1,2,3,4,5]',
  },
  {
    id: 'W1d',
    title: 'pending tickets of 5 queues',
    method: 'GET',
    path: '/tickets?status=pending&showAll=true&pageNumber=1&queueIds=[1,2,3,4,5]',
  },
  {
    id: 'W2',
    title: 'a 200-message conversation',
    method: 'GET',
    path: `/messages/${BENCH_TICKET}?pageNumber=1`,
  },
  { id: 'W3', title: 'contacts search', method: 'GET', path: '/contacts?pageNumber=1&searchParam=abc' },
  {
    id: 'W5',
    title: 'post a text message',
    method: 'POST',
    path: `/messages/${BENCH_TICKET}`,
    body: { body: 'Bench reply' },
  },
];
const notYet = ['W4a-c dashboards', 'W6 inbound webhooks'];

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  if (fresh) await admin.query(`drop database if exists "${name}" with (force)`);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  await admin.end();

  const database = await connectPostgres(url);
  await migrateDatabase(database);
  await seedPlatform(database.db, { email: 'bench-super@balcao.test', password: BENCH_ADMIN.password });
  const [seeded] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, BENCH_ADMIN.email));
  if (!seeded) {
    const started = Date.now();
    process.stdout.write('Seeding the benchmark tenant (50k contacts, 100k tickets, 1M messages)… ');
    await seedBenchTenant(database.db, await hashPassword(BENCH_ADMIN.password));
    process.stdout.write(`${Math.round((Date.now() - started) / 1000)} s\n`);
  }
  // Earlier runs' writes leave dead rows; measure on a vacuumed table as a live database would be.
  await database.executeSql('vacuum analyze');
  await database.close();
}

const ms = (value: number) => value.toFixed(1);

const memory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Math.round(
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) /
      1024,
  );

async function main() {
  await prepareDatabase();
  const server = spawn(process.execPath, [join(serverRoot(), 'dist/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    }).then((r) => r.json() as Promise<{ token: string }>);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = memory(server.pid as number, 'VmRSS');

    const rows: string[] = [];
    for (const workload of workloads) {
      const f: Figures = await measure(base, login.token, workload, seconds);
      rows.push(
        `| ${workload.id} | ${workload.title} | ${Math.round(f.rps).toLocaleString('en')} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.single)} | ${f.errors} |`,
      );
      process.stdout.write(`${rows.at(-1)}\n`);
    }
    const peak = memory(server.pid as number, 'VmHWM');
    process.stdout.write(
      [
        '',
        `Balcão, ${seconds} s per workload, 10 connections, server on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`,
        '',
        '| workload | what | req/s | p50 ms | p95 ms | p99 ms | single ms | errors |',
        '|---|---|---:|---:|---:|---:|---:|---:|',
        ...rows,
        ...notYet.map((w) => `| ${w} | not built yet | | | | | | |`),
        '',
        `idle / peak RSS: ${idle} / ${peak} MB`,
        '',
      ].join('\n'),
    );
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
