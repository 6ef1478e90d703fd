import pg from 'pg';
import { prepareDatabase, tenantQueueIds } from './database.js';
import { login, measure, type Server, type ServerBuild, startServer } from './measure.js';
import { int, machine, ms, type Row } from './table.js';
import { BENCH_ADMIN, CONVERSATION_TICKET } from './tenant.js';
import { prepareTenants } from './tenants.js';
import { PAGE_READS, workloads } from './workloads.js';

/** The page reads may lose this share of their one-tenant req/s among N tenants (issue 29). */
const TOLERANCE = 0.1;

interface TenantsRun {
  url: string;
  seconds: number;
  port: number;
  tenants: number;
  /** Each workload runs this many times on each database, alternating which goes first. */
  rounds: number;
  /** `--only`: just these of the page reads. */
  only?: string[];
  fresh: boolean;
  build: ServerBuild;
}

interface Side {
  url: string;
  server: Server;
  base: string;
  token: string;
}

async function scalar(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows[0].value;
  } finally {
    await client.end();
  }
}

const gib = async (url: string) =>
  (Number(await scalar(url, 'select pg_database_size(current_database()) as value')) / 2 ** 30).toFixed(1);

/** The middle value; with an even count, the mean of the two in the middle (two rounds: their mean). */
function middle(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
}

/** The middle of a workload's rounds on one side: req/s, p95, and CPU per request of Node and PostgreSQL. */
function summary(rows: Row[]) {
  return {
    rps: middle(rows.map((r) => r.rps)),
    p95: middle(rows.map((r) => r.p95)),
    cpu: middle(rows.map((r) => r.serverCpuMsPerRequest + r.databaseCpuMsPerRequest)),
    errors: rows.reduce((sum, r) => sum + r.errors, 0),
  };
}

function printComparison(run: TenantsRun, measured: Map<string, Row[][]>, sizes: string[]) {
  const m = machine();
  const n = run.tenants;
  const lines = [
    '',
    `Balcão on ${m.nproc} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}; wrk -t1 -c10, ${run.seconds} s per workload, ${run.rounds} round(s) alternated, medians`,
    `The benchmark tenant alone (database ${sizes[0]} GiB) and among ${n} companies of its size (${sizes[1]} GiB)`,
    '',
    `| workload | what | req/s, 1 tenant | req/s, ${n} tenants | ratio | p95 ms, 1 / ${n} | CPU ms/req, 1 / ${n} | within ${TOLERANCE * 100}% |`,
    '|---|---|---:|---:|---:|---:|---:|---|',
  ];
  const outside: string[] = [];
  for (const [id, [alone, among]] of measured) {
    const a = summary(alone ?? []);
    const b = summary(among ?? []);
    const ratio = a.rps ? b.rps / a.rps : 0;
    const within = ratio >= 1 - TOLERANCE && a.errors + b.errors === 0;
    if (!within) outside.push(`${id} (${ratio.toFixed(2)})`);
    lines.push(
      `| ${id} | ${alone?.[0]?.title ?? ''} | ${int(a.rps)} | ${int(b.rps)} | ${ratio.toFixed(2)} | ${ms(a.p95)} / ${ms(b.p95)} | ${a.cpu.toFixed(2)} / ${b.cpu.toFixed(2)} | ${within ? 'yes' : 'no'} |`,
    );
  }
  lines.push(
    '',
    outside.length
      ? `Outside ${TOLERANCE * 100}% (or with errors): ${outside.join(', ')}`
      : `Every page read within ${TOLERANCE * 100}% of its one-tenant figure.`,
    '',
  );
  process.stdout.write(lines.join('\n'));
}

/**
 * `npm run bench -- --tenants N`: the page reads of the benchmark tenant on its own database and on a copy
 * grown to N companies, both served at once by a server each and measured one after the other, so the
 * ratio comes from one sitting: figures from another run move more than the 10% this checks.
 */
export async function compareTenants(run: TenantsRun) {
  if (!Number.isInteger(run.tenants) || run.tenants < 2)
    throw new Error('--tenants takes the number of companies to measure among, 2 or more');
  await prepareDatabase(run.url, run.fresh);
  const grown = await prepareTenants(run.url, run.tenants, run.fresh);
  const sides: Side[] = [];
  try {
    for (const [i, url] of [run.url, grown].entries()) {
      // The hello floor takes the port after BENCH_PORT in a full run; these take the same as its servers.
      const port = run.port + 2 * i;
      const server = await startServer(url, port, run.build);
      const base = `http://127.0.0.1:${port}`;
      sides.push({ url, server, base, token: await login(base, BENCH_ADMIN.email) });
    }
    const companyId = Number(
      await scalar(run.url, 'select company_id as value from tickets where id = $1', [CONVERSATION_TICKET]),
    );
    const chosen = workloads(await tenantQueueIds(run.url, companyId)).filter(
      (w) => PAGE_READS.includes(w.id) && (!run.only || run.only.includes(w.id)),
    );
    const measured = new Map(chosen.map((w) => [w.id, sides.map((): Row[] => [])]));
    for (let round = 0; round < run.rounds; round++) {
      for (const workload of chosen) {
        // Alternate which database goes first, so a machine that slows down over a run favours neither.
        for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
          const side = sides[i] as Side;
          process.stdout.write(`${workload.id} ${workload.title}, ${i === 0 ? 1 : run.tenants} tenant(s)… `);
          const bench = { url: side.url, seconds: run.seconds };
          const row = await measure(bench, [side.server], [side.base], side.token, workload);
          measured.get(workload.id)?.[i]?.push(row);
          process.stdout.write(`${Math.round(row.rps)} req/s\n`);
        }
      }
    }
    printComparison(run, measured, [await gib(run.url), await gib(grown)]);
  } finally {
    for (const side of sides) await side.server.stop();
  }
}
