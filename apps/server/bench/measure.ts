import { join } from 'node:path';
import { serverRoot } from '../src/db/migrate.js';
import { backendCpuMs, cpuBetween, type Snapshot, waitForDeliveries } from './database.js';
import { intakeEnv } from './intake.js';
import { cpuMs, memoryMb, startProcess } from './processes.js';
import { median } from './stats.js';
import type { Row } from './table.js';
import { BENCH_ADMIN } from './tenant.js';
import type { Workload } from './workloads.js';
import { runWrk, runWrkSplit } from './wrk.js';

/** W5's deliveries must end within this; what is left is reported, not waited for. */
const DRAIN_TIMEOUT_MS = 120_000;
const WARM_UPS = 3;
const SEQUENTIAL = 30;

/** Where and how long: the database the measured servers serve, and the load time per workload. */
export interface Bench {
  url: string;
  seconds: number;
}

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

export async function login(base: string, email: string) {
  const answer = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_ADMIN.password }),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}

const serverEnv = (url: string, port: number) => ({
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

export interface ServerBuild {
  /** The server's entry: this build's, or another commit's (`--server`). */
  entry?: string;
  /** The server writes a V8 CPU profile here when it stops (`--cpu-prof`). */
  profileDir?: string;
}

export function startServer(url: string, port: number, build: ServerBuild) {
  const profile = build.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${build.profileDir}`] : [];
  const entry = build.entry ?? join(serverRoot(), 'dist/main.js');
  return startProcess([...profile, entry], serverEnv(url, port), `http://127.0.0.1:${port}/health`);
}

export type Server = Awaited<ReturnType<typeof startServer>>;

/** One workload: single-request latency, then wrk against one server or split over several. */
export async function measure(
  bench: Bench,
  servers: Server[],
  bases: string[],
  token: string,
  workload: Workload,
  snapshot?: Snapshot,
): Promise<Row> {
  const { url, seconds } = bench;
  const { single, items } = await sequential(bases[0] as string, token, workload);
  const cpuBefore = servers.map((server) => cpuMs(server.pid));
  const databaseBefore = await backendCpuMs(url);
  const request = { ...workload, token };
  const load =
    bases.length === 1
      ? await runWrk(bases[0] as string, request, seconds)
      : await runWrkSplit(bases, request, seconds);
  const drain =
    workload.delivers && snapshot ? await waitForDeliveries(url, snapshot, DRAIN_TIMEOUT_MS) : undefined;
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
