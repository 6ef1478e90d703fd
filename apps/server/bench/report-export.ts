import { readFileSync, writeFileSync } from 'node:fs';
import { memoryMb } from './processes.js';
import type { Row } from './table.js';

/** W4e reads every ticket cycle of the tenant (its 100,000 tickets go back 90 days). */
const EXPORT_DAYS = 95;

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The report's query over the last `days` days, as the page asks for it. */
export const reportPeriodQuery = (days: number) => `dateFrom=${dayAgo(days)}&dateTo=${dayAgo(0)}`;

/**
 * Peak resident memory from here on: Linux resets VmHWM to the current RSS when 5 is written to
 * clear_refs. Where that is refused, the peak is sampled instead.
 */
function watchPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    readFileSync(`/proc/${pid}/status`);
    return { peak: () => memoryMb(pid, 'VmHWM'), stop: () => undefined };
  } catch {
    let peak = memoryMb(pid, 'VmRSS');
    const timer = setInterval(() => {
      peak = Math.max(peak, memoryMb(pid, 'VmRSS'));
    }, 20);
    return { peak: () => peak, stop: () => clearInterval(timer) };
  }
}

/**
 * W4e: the whole report exported once, read as fast as the client takes it: how long it takes and how
 * much the server's resident memory grows meanwhile (target: under 10 s, under 64 MB).
 */
export async function measureReportExport(bench: {
  base: string;
  adminToken: string;
  pid: number;
}): Promise<Row> {
  const path = `/ticket/reports/export?${reportPeriodQuery(EXPORT_DAYS)}`;
  const before = memoryMb(bench.pid, 'VmRSS');
  const peak = watchPeak(bench.pid);
  const started = performance.now();
  const answer = await fetch(`${bench.base}${path}`, {
    headers: { authorization: `Bearer ${bench.adminToken}` },
  });
  if (!answer.ok || !answer.body) throw new Error(`W4e: ${path} answered ${answer.status}`);
  const rows = Number(answer.headers.get('x-total-rows'));
  let bytes = 0;
  for await (const chunk of answer.body) bytes += (chunk as Uint8Array).length;
  const ms = performance.now() - started;
  peak.stop();
  const rssGrowthMb = peak.peak() - before;
  return {
    id: 'W4e',
    title: `report export, ${rows.toLocaleString('en')} rows`,
    request: `GET ${path}`,
    rps: 1000 / ms,
    requests: 1,
    p50: ms,
    p95: ms,
    p99: ms,
    errors: 0,
    item: 'rows',
    itemsPerRequest: rows,
    itemsPerSecond: (rows * 1000) / ms,
    singleMs: ms,
    helloShare: 0,
    serverCpuMsPerRequest: 0,
    databaseCpuMsPerRequest: 0,
    serverCpuShare: 0,
    rssMb: memoryMb(bench.pid, 'VmRSS'),
    exported: { ms, rows, bytes, rssGrowthMb },
  };
}
