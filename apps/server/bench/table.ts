import { cpus, totalmem } from 'node:os';
import type { FanoutFigures } from './fanout.js';
import type { PgbenchFigures } from './floors.js';
import type { WebWeight } from './web-weight.js';
import type { LoadFigures } from './wrk.js';

export interface Row extends LoadFigures {
  id: string;
  title: string;
  request: string;
  item?: string;
  itemsPerRequest: number;
  itemsPerSecond: number;
  singleMs: number;
  /** Share of the bare Fastify hello measured in the same run (0 when the floors were not run). */
  helloShare: number;
  serverCpuMsPerRequest: number;
  /** CPU of the PostgreSQL backends serving the bench database, per request. */
  databaseCpuMsPerRequest: number;
  serverCpuShare: number;
  rssMb: number;
  /** For a workload whose requests queue work (W5's deliveries): how long after the load that work ended. */
  drain?: { ms: number; left: number };
  /** W4e: one export, its size and the server's resident memory growth while it ran. */
  exported?: { ms: number; rows: number; bytes: number; rssGrowthMb: number };
  /** W7: the planning of one campaign, then the dispatcher's own cost per send and its memory over the sends. */
  campaign?: CampaignFigures;
}

export interface CampaignFigures {
  planned: number;
  planMs: number;
  sends: number;
  cpuMsPerSend: number;
  rssStartMb: number;
  rssEndMb: number;
  rssPeakMb: number;
  /** The machine's 1-minute load average when the planning ran: figures taken at a load of 3 or more are not comparable. */
  load: number;
}

/** A whole run; a partial one (`--only`) has no floors, fan-out, memory or web figures. */
interface Results {
  seconds: number;
  machine: { nproc: number; cpu: string; memoryGiB: number; node: string };
  floors?: { fastifyHello: LoadFigures; pgbenchSelectOnly: PgbenchFigures };
  workloads: Row[];
  missing: { id: string; title: string; status: string }[];
  fanout?: FanoutFigures | { error: string };
  memory?: { idleRssMb: number; peakRssHttpMb: number; peakRssWithSocketsMb: number };
  web?: WebWeight[];
}

/** The machine a run measured on, as the table's heading names it. */
export function machine() {
  return {
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

export const int = (value: number) => Math.round(value).toLocaleString('en');
export const ms = (value: number) => value.toFixed(1);

/** The whole run as one Markdown table, ready for the README or the issue. */
export function printTable(r: Results) {
  const hello = r.floors?.fastifyHello;
  const pg = r.floors?.pgbenchSelectOnly;
  const fanout = r.fanout;
  const lines = [
    '',
    `Balcão on ${r.machine.nproc} × ${r.machine.cpu}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}; wrk -t1 -c10, ${r.seconds} s per workload`,
    '',
    '| workload | what | req/s | items/s | p50 ms | p95 ms | p99 ms | single ms | server CPU ms/req | PostgreSQL CPU ms/req | RSS MiB | of hello | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...(hello
      ? [
          `| floor | bare Fastify hello | ${int(hello.rps)} | | ${ms(hello.p50)} | ${ms(hello.p95)} | ${ms(hello.p99)} | | | | | 100% | ${hello.errors} |`,
        ]
      : []),
    ...(pg
      ? [
          `| floor | pgbench select-only (10 clients) | ${'tps' in pg ? `${int(pg.tps)} tps` : pg.missing} | | | | | | | | | | |`,
        ]
      : []),
    ...r.workloads.map(
      (w) =>
        `| ${w.id} | ${w.title} | ${int(w.rps)} | ${w.item ? `${int(w.itemsPerSecond)} ${w.item} (${w.itemsPerRequest}/req)` : ''} | ${ms(w.p50)} | ${ms(w.p95)} | ${ms(w.p99)} | ${ms(w.singleMs)} | ${w.serverCpuMsPerRequest.toFixed(2)} | ${w.databaseCpuMsPerRequest.toFixed(2)} | ${w.rssMb} | ${hello ? `${(w.helloShare * 100).toFixed(1)}%` : ''} | ${w.errors} |`,
    ),
    ...r.missing.map((m) => `| ${m.id} | ${m.title} | ${m.status} | | | | | | | | | | |`),
    '',
    ...r.workloads.flatMap((w) =>
      w.drain
        ? [
            `${w.id}: the last delivery ended ${ms(w.drain.ms / 1000)} s after the load (${w.drain.left} still pending); its CPU per request counts the deliveries`,
          ]
        : [],
    ),
    ...r.workloads.flatMap((w) =>
      w.exported
        ? [
            `${w.id}: ${int(w.exported.rows)} rows, ${ms(w.exported.bytes / 1_048_576)} MiB in ${ms(w.exported.ms / 1000)} s; server RSS grew ${w.exported.rssGrowthMb} MiB at its peak`,
          ]
        : [],
    ),
    ...r.workloads.flatMap((w) => (w.campaign ? [campaignLine(w.campaign, r.workloads)] : [])),
    ...(fanout === undefined
      ? []
      : 'error' in fanout
        ? [`Socket fan-out: failed (${fanout.error})`]
        : [
            `Socket fan-out: ${int(fanout.sockets)} sockets × ${fanout.rounds} ticket events: p50 ${ms(fanout.p50)} ms, p99 ${ms(fanout.p99)} ms, max ${ms(fanout.max)} ms (${int(fanout.delivered)} delivered, ${fanout.missed} missed); server RSS with the sockets open ${fanout.serverRssMb} MiB`,
          ]),
    ...(r.memory
      ? [
          `Server RSS: idle ${r.memory.idleRssMb} MiB, peak ${r.memory.peakRssHttpMb} MiB under HTTP load, ${r.memory.peakRssWithSocketsMb} MiB with the sockets`,
        ]
      : []),
    ...(r.web ?? []).map(
      (w) =>
        `Web first-load JS ${w.page}: ${int(w.gzipBytes / 1024)} kB gzip in ${w.files} files (${w.note})`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

/** W7's own line: the planning against its 5 s target, the dispatcher's CPU per send beside W5's per request. */
export function campaignLine(c: CampaignFigures, rows: Row[]) {
  const w5 = rows.find((w) => w.id === 'W5');
  return [
    `W7: ${int(c.planned)} shippings planned in ${ms(c.planMs / 1000)} s (target < 5 s; load ${c.load.toFixed(1)});`,
    `${int(c.sends)} sends, dispatcher ${c.cpuMsPerSend.toFixed(2)} CPU ms per send excluding the channel${w5 ? ` (W5: ${w5.serverCpuMsPerRequest.toFixed(2)} server CPU ms per request)` : ''};`,
    `RSS ${c.rssStartMb.toFixed(0)} MiB at the start of the sends, ${c.rssEndMb.toFixed(0)} MiB at the end, ${c.rssPeakMb.toFixed(0)} MiB at most`,
  ].join(' ');
}
