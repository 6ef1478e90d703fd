import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureCampaign } from './campaign.js';
import {
  backendCpuMs,
  cpuBetween,
  prepareDatabase,
  restoreSendTicket,
  snapshotSendTicket,
  tenantQueueIds,
} from './database.js';
import { measureFanout } from './fanout.js';
import { measureHello, measurePgbench, type PgbenchFigures } from './floors.js';
import { measureImport } from './import.js';
import { measureIntake } from './intake.js';
import { login, measure, type ServerBuild, startServer as startProcessOf } from './measure.js';
import { memoryMb, sleep } from './processes.js';
import { measureReportExport } from './report-export.js';
import { measureSoak } from './soak.js';
import { campaignLine, machine, printTable, type Row } from './table.js';
import { BENCH_USERS, benchUserEmail, SEND_TICKET } from './tenant.js';
import { compareTenants } from './tenants-compare.js';
import { measureWebWeight } from './web-weight.js';
import { workloads } from './workloads.js';
import { type LoadFigures, requireWrk } from './wrk.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/balcao_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 8099);
const fresh = process.argv.includes('--fresh');
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
/** `--only W2,W3`: just those workloads, no floors, fan-out or web weight, and results.json untouched. */
const only = option('--only')?.split(',');
/** `--server path/to/main.js`: another build (an older commit's, to compare); `--cpu-prof dir`: V8 profiles. */
const build: ServerBuild = { entry: option('--server'), profileDir: option('--cpu-prof') };
/** `--tenants N`: the page reads on one tenant beside the same tenant among N (bench/tenants-compare.ts). */
const tenants = option('--tenants');
/** `--rounds R` (with `--tenants`): each workload measured R times on each database, alternated. */
const rounds = Number(option('--rounds') ?? 2);
/** `--soak [seconds]`: only the load run of issue 25 (bench/soak.ts), 300 s unless given. */
const soak = process.argv.includes('--soak') ? Number(option('--soak') ?? 300) || 300 : undefined;
const startServer = (port: number) => startProcessOf(url, port, build);

/** Run again against two server processes on the same database, to show what a second one buys. */
const scaledOut = new Set(['W1a', 'W1b', 'W1c', 'W1d', 'W5']);

/**
 * Workloads that are not one repeated request (W6, inbound intake, comes from bench/intake.ts): each
 * drives the running server itself and answers its row. A workload listed here leaves `missing`.
 */
interface CustomWorkload {
  id: string;
  title: string;
  run(bench: { base: string; url: string; seconds: number; adminToken: string; pid: number }): Promise<Row>;
}
const customWorkloads: CustomWorkload[] = [
  { id: 'W4e', title: 'report export, 100,000 rows', run: measureReportExport },
  { id: 'W7', title: 'campaign: plan 100,000 recipients, then send', run: measureCampaign },
];

/** Workloads of the reference whose feature is not built yet (none of W4a–c any more). */
const planned: { id: string; title: string }[] = [];
const missing = planned.filter((m) => !customWorkloads.some((w) => w.id === m.id));

async function main() {
  // `--import`: only the import row (bench/import.ts); it needs no wrk and no bench tenant.
  if (process.argv.includes('--import')) return measureImport(url);
  // The soak drives the server itself; every other workload is wrk's.
  if (!soak) requireWrk();
  if (tenants)
    return compareTenants({ url, seconds, port, tenants: Number(tenants), rounds, only, fresh, build });
  const startedAt = new Date().toISOString();
  await prepareDatabase(url, fresh);

  let hello: LoadFigures | undefined;
  let pgbench: PgbenchFigures | undefined;
  if (!only && !soak) {
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
    if (soak) {
      process.stdout.write(`Soak: 200 agent sockets, 50 inbound messages/s for ${soak} s…\n`);
      const figures = await measureSoak(base, url, snapshot.companyId, tokens, server.pid, soak);
      const file = fileURLToPath(new URL('../../../bench/soak.json', import.meta.url));
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ startedAt, machine: machine(), ...figures }, null, 2)}\n`);
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\nWritten to ${file}\n`);
      return;
    }
    const idleRss = memoryMb(server.pid, 'VmRSS');

    const chosen = workloads(await tenantQueueIds(url, snapshot.companyId)).filter(
      (w) => !only || only.includes(w.id),
    );
    for (const workload of chosen) {
      process.stdout.write(`${workload.id} ${workload.title}… `);
      const row = await measure({ url, seconds }, [server], [base], adminToken, workload, snapshot);
      rows.push(hello ? { ...row, helloShare: row.rps / hello.rps } : row);
      process.stdout.write(`${Math.round(row.rps)} req/s\n`);
    }
    for (const workload of customWorkloads.filter((w) => !only || only.includes(w.id))) {
      process.stdout.write(`${workload.id} ${workload.title}… `);
      const row = await workload.run({ base, url, seconds, adminToken, pid: server.pid });
      rows.push(hello ? { ...row, helloShare: row.rps / hello.rps } : row);
      process.stdout.write(`${Math.round(row.rps)} req/s\n`);
      if (row.campaign) process.stdout.write(`${campaignLine(row.campaign, rows)}\n`);
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
          const row = await measure(
            { url, seconds },
            [server, second],
            [base, secondBase],
            adminToken,
            workload,
            snapshot,
          );
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
