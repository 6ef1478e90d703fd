import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverRoot } from '../src/db/migrate.js';
import {
  backendCpuMs,
  cpuBetween,
  prepareDatabase,
  restoreSendTicket,
  type Snapshot,
  snapshotSendTicket,
  tenantQueueIds,
  waitForDeliveries,
} from './database.js';
import { measureFanout } from './fanout.js';
import { measureHello, measurePgbench, type PgbenchFigures } from './floors.js';
import { intakeEnv, measureIntake } from './intake.js';
import { cpuMs, memoryMb, sleep, startProcess } from './processes.js';
import { median } from './stats.js';
import { printTable, type Row } from './table.js';
import { BENCH_ADMIN, BENCH_USERS, benchUserEmail, CONVERSATION_TICKET, SEND_TICKET } from './tenant.js';
import { measureWebWeight } from './web-weight.js';
import { type LoadFigures, requireWrk, runWrk, runWrkSplit, type WrkRequest } from './wrk.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/balcao_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 8099);
const fresh = process.argv.includes('--fresh');
/** W5's deliveries must end within this; what is left is reported, not waited for. */
const DRAIN_TIMEOUT_MS = 120_000;
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
/** `--only W2,W3`: just those workloads, no floors, fan-out or web weight, and results.json untouched. */
const only = option('--only')?.split(',');
/** `--server path/to/main.js`: another build (an older commit's, to compare), instead of this one. */
const serverEntry = option('--server') ?? join(serverRoot(), 'dist/main.js');
/** `--cpu-prof dir`: the server writes a V8 CPU profile there when it stops. */
const profileDir = option('--cpu-prof');

interface Workload extends Omit<WrkRequest, 'token'> {
  id: string;
  title: string;
  /** What one request serves, for the per-item rate where pages differ in size. */
  item?: 'tickets' | 'messages' | 'contacts';
  /** The requests queue deliveries: CPU is read once they are all done (W5). */
  delivers?: true;
}

/** W1c/d filter by the tenant's five queues, whatever ids the database gave them. */
const workloads = (queueIds: number[]): Workload[] => [
  { id: 'W0', title: 'no auth, no database', method: 'GET', path: '/health' },
  {
    id: 'W1a',
    title: 'open tickets, show all',
    item: 'tickets',
    method: 'GET',
    path: '/tickets?status=open&showAll=true&pageNumber=1',
  },
  {
    id: 'W1b',
    title: 'pending tickets, show all',
    item: 'tickets',
    method: 'GET',
    path: '/tickets?status=pending&showAll=true&pageNumber=1',
  },
  {
    id: 'W1c',
    title: 'open tickets of 5 queues',
    item: 'tickets',
    method: 'GET',
    path: `/tickets?status=open&showAll=true&pageNumber=1&queueIds=[${queueIds.join(',')}]`,
  },
  {
    id: 'W1d',
    title: 'pending tickets of 5 queues',
    item: 'tickets',
    method: 'GET',
    path: `/tickets?status=pending&showAll=true&pageNumber=1&queueIds=[${queueIds.join(',')}]`,
  },
  {
    id: 'W2',
    title: 'a 200-message conversation',
    item: 'messages',
    method: 'GET',
    path: `/messages/${CONVERSATION_TICKET}?pageNumber=1`,
  },
  {
    id: 'W3',
    title: 'contact search',
    item: 'contacts',
    method: 'GET',
    path: '/contacts?pageNumber=1&searchParam=abc',
  },
  {
    id: 'W5',
    title: 'send a text message',
    item: 'messages',
    method: 'POST',
    path: `/messages/${SEND_TICKET}`,
    body: { body: 'Bench reply' },
    delivers: true,
  },
];
/** Run again against two server processes on the same database, to show what a second one buys. */
const scaledOut = new Set(['W1a', 'W1b', 'W1c', 'W1d', 'W5']);

/**
 * Workloads that are not one repeated request (W6, inbound intake, comes from bench/intake.ts): each
 * drives the running server itself and answers its row. A workload listed here leaves `missing`.
 */
interface CustomWorkload {
  id: string;
  title: string;
  run(bench: { base: string; url: string; seconds: number; adminToken: string }): Promise<Row>;
}
const customWorkloads: CustomWorkload[] = [];

const missing = [
  { id: 'W4a', title: 'dashboard status counters' },
  { id: 'W4b', title: 'dashboard, last 30 days' },
  { id: 'W4c', title: 'per-attendant report, last 30 days' },
].filter((m) => !customWorkloads.some((w) => w.id === m.id));

const WARM_UPS = 3;
const SEQUENTIAL = 30;

/** Items in a response: the length of its list (tickets, messages), or 1 for a single object. */
const itemsIn = (body: unknown) =>
  Object.values(body as object).find((value): value is unknown[] => Array.isArray(value))?.length ?? 1;

async function sequential(base: string, token: string, workload: Workload) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (workload.body !== undefined) headers['content-type'] = 'application/json';
  const body = workload.body === undefined ? undefined : JSON.stringify(workload.body);
  const once = async () => {
    const started = performance.now();
    const answer = await fetch(`${base}${workload.path}`, { method: workload.method, headers, body });
    const payload = await answer.json();
    const took = performance.now() - started;
    if (answer.status >= 400) throw new Error(`${workload.id}: ${workload.path} answered ${answer.status}`);
    return { took, items: itemsIn(payload) };
  };
  for (let i = 0; i < WARM_UPS; i++) await once();
  const runs = [];
  for (let i = 0; i < SEQUENTIAL; i++) runs.push(await once());
  return { single: median(runs.map((r) => r.took)), items: runs[0]?.items ?? 1 };
}

async function login(base: string, email: string) {
  const answer = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_ADMIN.password }),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}

function machine() {
  return {
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

const serverEnv = (port: number) => ({
  DATABASE_URL: url,
  PORT: String(port),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  // A process alone on the database stops publishing broadcasts two heartbeats after its first: with
  // the default (5 s) a workload started just after the server measured that start-up, not the steady state.
  REALTIME_HEARTBEAT_MS: '500',
  ...intakeEnv,
});

function startServer(port: number) {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return startProcess([...profile, serverEntry], serverEnv(port), `http://127.0.0.1:${port}/health`);
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** One workload: single-request latency, then wrk against one server or split over several. */
async function measure(
  servers: Server[],
  bases: string[],
  token: string,
  workload: Workload,
  snapshot: Snapshot,
): Promise<Row> {
  const { single, items } = await sequential(bases[0] as string, token, workload);
  const cpuBefore = servers.map((server) => cpuMs(server.pid));
  const databaseBefore = await backendCpuMs(url);
  const request = { ...workload, token };
  const load =
    bases.length === 1
      ? await runWrk(bases[0] as string, request, seconds)
      : await runWrkSplit(bases, request, seconds);
  const drain = workload.delivers ? await waitForDeliveries(url, snapshot, DRAIN_TIMEOUT_MS) : undefined;
  const cpu = servers.reduce((sum, server, i) => sum + cpuMs(server.pid) - (cpuBefore[i] ?? 0), 0);
  const databaseCpu = cpuBetween(databaseBefore, await backendCpuMs(url));
  return {
    id: bases.length === 1 ? workload.id : `${workload.id}×${bases.length}`,
    title: bases.length === 1 ? workload.title : `${workload.title}, ${bases.length} server processes`,
    request: `${workload.method} ${workload.path}`,
    ...load,
    item: workload.item,
    itemsPerRequest: items,
    itemsPerSecond: load.rps * items,
    singleMs: single,
    helloShare: 0,
    serverCpuMsPerRequest: load.requests ? cpu / load.requests : 0,
    databaseCpuMsPerRequest: load.requests ? databaseCpu / load.requests : 0,
    serverCpuShare: cpu / (seconds * 1000),
    rssMb: Math.max(...servers.map((server) => memoryMb(server.pid, 'VmRSS'))),
    ...(drain ? { drain } : {}),
  };
}

async function main() {
  requireWrk();
  const startedAt = new Date().toISOString();
  await prepareDatabase(url, fresh);

  let hello: LoadFigures | undefined;
  let pgbench: PgbenchFigures | undefined;
  if (!only) {
    process.stdout.write('Floors: bare Fastify hello and pgbench select-only…\n');
    hello = await measureHello(port + 1, seconds);
    pgbench = measurePgbench(url, seconds);
  }

  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port);
  const snapshot = await snapshotSendTicket(url);
  const rows: Row[] = [];
  try {
    const tokens = [];
    for (let n = 1; n <= BENCH_USERS; n++) tokens.push(await login(base, benchUserEmail(n)));
    const adminToken = tokens[0] as string;
    await sleep(2000);
    const idleRss = memoryMb(server.pid, 'VmRSS');

    const chosen = workloads(await tenantQueueIds(url, snapshot.companyId)).filter(
      (w) => !only || only.includes(w.id),
    );
    for (const workload of chosen) {
      process.stdout.write(`${workload.id} ${workload.title}… `);
      const row = await measure([server], [base], adminToken, workload, snapshot);
      rows.push(hello ? { ...row, helloShare: row.rps / hello.rps } : row);
      process.stdout.write(`${Math.round(row.rps)} req/s\n`);
    }
    for (const workload of customWorkloads.filter((w) => !only || only.includes(w.id))) {
      process.stdout.write(`${workload.id} ${workload.title}… `);
      const row = await workload.run({ base, url, seconds, adminToken });
      rows.push(hello ? { ...row, helloShare: row.rps / hello.rps } : row);
      process.stdout.write(`${Math.round(row.rps)} req/s\n`);
    }

    // Before the second server exists: a process that has heard another keeps publishing its broadcasts
    // for a while after (cluster.ts), and W6 measures one process serving alone.
    if (!only || only.includes('W6')) {
      process.stdout.write('W6 inbound intake through the Cloud API webhook… ');
      const databaseBefore = await backendCpuMs(url);
      const intake = await measureIntake(base, url, snapshot.companyId, seconds, server.pid);
      const databaseCpu = cpuBetween(databaseBefore, await backendCpuMs(url));
      rows.push({
        ...intake.row,
        databaseCpuMsPerRequest: intake.row.requests ? databaseCpu / intake.row.requests : 0,
        helloShare: hello ? intake.row.rps / hello.rps : 0,
        check: intake.check,
      } as Row);
      process.stdout.write(`${Math.round(intake.row.rps)} messages/s; ${JSON.stringify(intake.check)}\n`);
    }
    const twice = chosen.filter((w) => scaledOut.has(w.id));
    if (twice.length > 0) {
      const secondBase = `http://127.0.0.1:${port + 2}`;
      const second = await startServer(port + 2);
      try {
        for (const workload of twice) {
          process.stdout.write(`${workload.id} ${workload.title}, 2 server processes… `);
          const row = await measure([server, second], [base, secondBase], adminToken, workload, snapshot);
          rows.push(hello ? { ...row, helloShare: row.rps / hello.rps } : row);
          process.stdout.write(`${Math.round(row.rps)} req/s\n`);
        }
      } finally {
        await second.stop();
      }
    }
    const peakRssHttp = memoryMb(server.pid, 'VmHWM');

    if (only || !hello || !pgbench) {
      printTable({ seconds, machine: machine(), workloads: rows, missing: [] });
      return;
    }

    process.stdout.write('Socket fan-out: 2,000 sockets…\n');
    const fanout = await measureFanout(
      base,
      snapshot.companyId,
      SEND_TICKET,
      tokens,
      adminToken,
      server.pid,
    ).catch((error: Error) => ({ error: error.message }));
    const peakRss = memoryMb(server.pid, 'VmHWM');

    process.stdout.write('Web weight: production build…\n');
    const web = measureWebWeight();

    const results = {
      startedAt,
      seconds,
      machine: machine(),
      load: 'wrk -t1 -c10 --latency, its own process; single = median of 30 sequential requests after 3 warm-ups; ×2 rows split the 10 connections over two server processes (one wrk each, percentiles of the worse)',
      floors: { fastifyHello: hello, pgbenchSelectOnly: pgbench },
      workloads: rows,
      missing: missing.map((m) => ({ ...m, status: 'missing (feature not built)' })),
      fanout,
      memory: { idleRssMb: idleRss, peakRssHttpMb: peakRssHttp, peakRssWithSocketsMb: peakRss },
      web,
    };
    const file = fileURLToPath(new URL('../../../bench/results.json', import.meta.url));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    printTable(results);
    process.stdout.write(`\nWritten to ${file}\n`);
  } finally {
    await server.stop();
    const written = await restoreSendTicket(url, snapshot);
    process.stdout.write(`Send ticket restored: the ${written} messages of W5 and the fan-out deleted.\n`);
  }
}

await main();
