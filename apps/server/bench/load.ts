import autocannon from 'autocannon';

export interface Workload {
  id: string;
  title: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface Figures {
  single: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** reference/benchmark.md: 3 warm-ups, 30 sequential requests (their median), then 10 connections for N seconds. */
export async function measure(
  base: string,
  token: string,
  workload: Workload,
  seconds: number,
): Promise<Figures> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (workload.body !== undefined) headers['content-type'] = 'application/json';
  const body = workload.body === undefined ? undefined : JSON.stringify(workload.body);
  const once = async () => {
    const started = performance.now();
    const answer = await fetch(`${base}${workload.path}`, { method: workload.method, headers, body });
    await answer.arrayBuffer();
    if (answer.status >= 400) throw new Error(`${workload.id}: ${workload.path} answered ${answer.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await once();
  const sequential: number[] = [];
  for (let i = 0; i < 30; i++) sequential.push(await once());

  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = {
      url: `${base}${workload.path}`,
      method: workload.method,
      headers,
      body,
      connections: 10,
      duration: seconds,
    };
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    single: percentile(
      [...sequential].sort((a, b) => a - b),
      0.5,
    ),
    rps: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.non2xx,
  };
}
