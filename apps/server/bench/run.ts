import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverRoot } from '../src/db/migrate.js';
import { prepareDatabase, restoreSendTicket, snapshotSendTicket, tenantQueueIds } from './database.js';
import { measureFanout } from './fanout.js';
import { measureHello, measurePgbench } from './floors.js';
import { cpuMs, memoryMb, sleep, startProcess } from './processes.js';
import { median } from './stats.js';
import { printTable } from './table.js';
import { BENCH_ADMIN, BENCH_USERS, benchUserEmail, CONVERSATION_TICKET, SEND_TICKET } from './tenant.js';
import { measureWebWeight } from './web-weight.js';
import { requireWrk, runWrk, type WrkRequest } from './wrk.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/balcao_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 8099);
const fresh = process.argv.includes('--fresh');

interface Workload extends Omit<WrkRequest, 'token'> {
  id: string;
  title: string;
  /** What one request serves, for the per-item rate where pages differ in size. */
  item?: 'tickets' | 'messages' | 'contacts';
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
  },
];
const missing = [
  { id: 'W4a', title: 'dashboard status counters' },
  { id: 'W4b', title: 'dashboard, last 30 days' },
  { id: 'W4c', title: 'per-attendant report, last 30 days' },
  { id: 'W6', title: 'inbound intake through a channel webhook' },
];

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

async function main() {
  requireWrk();
  const startedAt = new Date().toISOString();
  await prepareDatabase(url, fresh);

  process.stdout.write('Floors: bare Fastify hello and pgbench select-only…\n');
  const hello = await measureHello(port + 1, seconds);
  const pgbench = measurePgbench(url, seconds);

  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    [join(serverRoot(), 'dist/main.js')],
    {
      DATABASE_URL: url,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    `${base}/health`,
  );
  const snapshot = await snapshotSendTicket(url);
  const rows = [];
  try {
    const tokens = [];
    for (let n = 1; n <= BENCH_USERS; n++) tokens.push(await login(base, benchUserEmail(n)));
    const adminToken = tokens[0] as string;
    await sleep(2000);
    const idleRss = memoryMb(server.pid, 'VmRSS');

    for (const workload of workloads(await tenantQueueIds(url, snapshot.companyId))) {
      process.stdout.write(`${workload.id} ${workload.title}… `);
      const { single, items } = await sequential(base, adminToken, workload);
      const cpuBefore = cpuMs(server.pid);
      const load = await runWrk(base, { ...workload, token: adminToken }, seconds);
      const cpu = cpuMs(server.pid) - cpuBefore;
      rows.push({
        id: workload.id,
        title: workload.title,
        request: `${workload.method} ${workload.path}`,
        ...load,
        item: workload.item,
        itemsPerRequest: items,
        itemsPerSecond: load.rps * items,
        singleMs: single,
        helloShare: load.rps / hello.rps,
        serverCpuMsPerRequest: load.requests ? cpu / load.requests : 0,
        serverCpuShare: cpu / (seconds * 1000),
        rssMb: memoryMb(server.pid, 'VmRSS'),
      });
      process.stdout.write(`${Math.round(load.rps)} req/s\n`);
    }
    const peakRssHttp = memoryMb(server.pid, 'VmHWM');

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
      load: 'wrk -t1 -c10 --latency, its own process; single = median of 30 sequential requests after 3 warm-ups',
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
