import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The peer's baseline was measured with wrk from Debian: the same tool, shape and percentiles. */
export function requireWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is a failure.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    throw new Error(
      'wrk is not installed: `sudo apt-get install -y wrk` (Debian/Ubuntu), then run the bench again.',
    );
  }
}

export interface WrkRequest {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

export interface LoadFigures {
  rps: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const lua = (request: WrkRequest) => {
  const headers = [
    ['accept', 'application/json'],
    ...(request.token ? [['authorization', `Bearer ${request.token}`]] : []),
    ...(request.body === undefined ? [] : [['content-type', 'application/json']]),
  ];
  return [
    `wrk.method = ${JSON.stringify(request.method)}`,
    ...headers.map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`),
    request.body === undefined ? '' : `wrk.body = ${JSON.stringify(JSON.stringify(request.body))}`,
    // wrk's --latency report has no p95: the done() hook prints what the table needs as one JSON line.
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'\\nBENCH {"requests":%d,"micros":%d,"p50":%d,"p95":%d,"p99":%d,"errors":%d}\\n\',',
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),',
    '    latency:percentile(99), e.connect + e.read + e.write + e.status + e.timeout))',
    'end',
  ].join('\n');
};

/** wrk -t1 -c10 as its own process, the way the peer's figures were taken. */
export async function runWrk(
  base: string,
  request: WrkRequest,
  seconds: number,
  connections = 10,
): Promise<LoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-wrk-'));
  const script = join(dir, 'request.lua');
  writeFileSync(script, lua(request));
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'wrk',
        ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, `${base}${request.path}`],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`)),
      );
    });
    const line = /BENCH (\{.*\})/.exec(output)?.[1];
    if (!line) throw new Error(`wrk printed no figures:\n${output}`);
    const figures = JSON.parse(line) as Record<
      'requests' | 'micros' | 'p50' | 'p95' | 'p99' | 'errors',
      number
    >;
    return {
      rps: figures.requests / (figures.micros / 1e6),
      requests: figures.requests,
      p50: figures.p50 / 1000,
      p95: figures.p95 / 1000,
      p99: figures.p99 / 1000,
      errors: figures.errors,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same 10 connections split evenly over several servers, one wrk per server, all at once: the
 * throughputs add up; each percentile is the worst server's (wrk's histograms cannot be merged).
 */
export async function runWrkSplit(bases: string[], request: WrkRequest, seconds: number) {
  const each = await Promise.all(bases.map((base) => runWrk(base, request, seconds, 10 / bases.length)));
  const worst = (key: 'p50' | 'p95' | 'p99') => Math.max(...each.map((figures) => figures[key]));
  const sum = (key: 'rps' | 'requests' | 'errors') =>
    each.reduce((total, figures) => total + figures[key], 0);
  return {
    rps: sum('rps'),
    requests: sum('requests'),
    errors: sum('errors'),
    p50: worst('p50'),
    p95: worst('p95'),
    p99: worst('p99'),
  } satisfies LoadFigures;
}
