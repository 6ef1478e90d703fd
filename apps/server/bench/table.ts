import type { FanoutFigures } from './fanout.js';
import type { PgbenchFigures } from './floors.js';
import type { WebWeight } from './web-weight.js';
import type { LoadFigures } from './wrk.js';

interface Row extends LoadFigures {
  id: string;
  title: string;
  item?: string;
  itemsPerRequest: number;
  itemsPerSecond: number;
  singleMs: number;
  helloShare: number;
  serverCpuMsPerRequest: number;
  rssMb: number;
}

interface Results {
  seconds: number;
  machine: { nproc: number; cpu: string; memoryGiB: number; node: string };
  floors: { fastifyHello: LoadFigures; pgbenchSelectOnly: PgbenchFigures };
  workloads: Row[];
  missing: { id: string; title: string; status: string }[];
  fanout: FanoutFigures | { error: string };
  memory: { idleRssMb: number; peakRssHttpMb: number; peakRssWithSocketsMb: number };
  web: WebWeight[];
}

const int = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number) => value.toFixed(1);

/** The whole run as one Markdown table, ready for the README or the issue. */
export function printTable(r: Results) {
  const hello = r.floors.fastifyHello;
  const pg = r.floors.pgbenchSelectOnly;
  const lines = [
    '',
    `Balcão on ${r.machine.nproc} × ${r.machine.cpu}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}; wrk -t1 -c10, ${r.seconds} s per workload`,
    '',
    '| workload | what | req/s | items/s | p50 ms | p95 ms | p99 ms | single ms | server CPU ms/req | RSS MiB | of hello | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| floor | bare Fastify hello | ${int(hello.rps)} | | ${ms(hello.p50)} | ${ms(hello.p95)} | ${ms(hello.p99)} | | | | 100% | ${hello.errors} |`,
    `| floor | pgbench select-only (10 clients) | ${'tps' in pg ? `${int(pg.tps)} tps` : pg.missing} | | | | | | | | | |`,
    ...r.workloads.map(
      (w) =>
        `| ${w.id} | ${w.title} | ${int(w.rps)} | ${w.item ? `${int(w.itemsPerSecond)} ${w.item} (${w.itemsPerRequest}/req)` : ''} | ${ms(w.p50)} | ${ms(w.p95)} | ${ms(w.p99)} | ${ms(w.singleMs)} | ${w.serverCpuMsPerRequest.toFixed(2)} | ${w.rssMb} | ${(w.helloShare * 100).toFixed(1)}% | ${w.errors} |`,
    ),
    ...r.missing.map((m) => `| ${m.id} | ${m.title} | ${m.status} | | | | | | | | | |`),
    '',
    'error' in r.fanout
      ? `Socket fan-out: failed (${r.fanout.error})`
      : `Socket fan-out: ${int(r.fanout.sockets)} sockets × ${r.fanout.rounds} ticket events: p50 ${ms(r.fanout.p50)} ms, p99 ${ms(r.fanout.p99)} ms, max ${ms(r.fanout.max)} ms (${int(r.fanout.delivered)} delivered, ${r.fanout.missed} missed); server RSS with the sockets open ${r.fanout.serverRssMb} MiB`,
    `Server RSS: idle ${r.memory.idleRssMb} MiB, peak ${r.memory.peakRssHttpMb} MiB under HTTP load, ${r.memory.peakRssWithSocketsMb} MiB with the sockets`,
    ...r.web.map(
      (w) =>
        `Web first-load JS ${w.page}: ${int(w.gzipBytes / 1024)} kB gzip in ${w.files} files (${w.note})`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}
