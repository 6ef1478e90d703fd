import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { events } from '@balcao/shared';
import { intakeConnection, intakePayload, postDelivery } from './intake.js';
import { cpuMs, memoryMb, sleep } from './processes.js';
import { percentile } from './stats.js';

/** Issue 25's load run: 200 agents' sockets open while customers write 50 messages a second, 5 minutes. */
const SOCKETS = 200;
const RATE = 50;
const CUSTOMERS = 500;
/** How long the last messages get to reach every socket once the senders stop. */
const DRAIN_MS = 10_000;

export interface SoakFigures {
  sockets: number;
  ratePerSecond: number;
  seconds: number;
  sent: number;
  /** Deliveries not answered 200, and messages that did not reach every socket. */
  errors: number;
  webhookP50: number;
  webhookP95: number;
  /** From the delivery's post to the last of the 200 sockets receiving its ticket's update. */
  deliveryP50: number;
  deliveryP95: number;
  socketDisconnects: number;
  serverCpuShare: number;
  rssMb: number;
}

type FromAgents =
  | { type: 'ready' }
  | { type: 'failed'; reason: string }
  | { type: 'seen'; seen: [number, [number, number, number]][]; disconnects: number };

const next = (child: ChildProcess) =>
  new Promise<FromAgents>((resolve) => child.once('message', (message) => resolve(message as FromAgents)));

export async function measureSoak(
  base: string,
  databaseUrl: string,
  companyId: number,
  tokens: string[],
  pid: number,
  seconds: number,
): Promise<SoakFigures> {
  const run = randomUUID().slice(0, 8);
  const connection = await intakeConnection(databaseUrl, companyId, run);
  const agents = fork(fileURLToPath(new URL('./children/soak-agents.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      SOAK_BASE: base,
      SOAK_EVENT: events.ticket(companyId),
      SOAK_TOKENS: JSON.stringify(tokens),
      SOAK_SOCKETS: String(SOCKETS),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ready = await next(agents);
    if (ready.type === 'failed') throw new Error(`soak agents could not connect: ${ready.reason}`);
    const url = `${base}/webhooks/meta`;
    const sentAt: number[] = [];
    const webhook: number[] = [];
    let refused = 0;
    const total = RATE * seconds;
    const cpuBefore = cpuMs(pid);
    const start = performance.timeOrigin + performance.now();
    const deliveries: Promise<void>[] = [];
    // Paced on the clock, not on the answers: a slow server gets the same 50 a second, as customers do.
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - (performance.timeOrigin + performance.now());
      if (wait > 0) await sleep(wait);
      const from = `55119${String(n % CUSTOMERS).padStart(8, '0')}`;
      sentAt[n] = performance.timeOrigin + performance.now();
      deliveries.push(
        postDelivery(url, intakePayload(from, `wamid.SOAK${run}.${n}`, `soak ${n}`))
          .then((result) => {
            if (result.ok) webhook.push(result.ms);
            else refused++;
          })
          .catch(() => {
            refused++;
          }),
      );
    }
    await Promise.all(deliveries);
    const cpu = cpuMs(pid) - cpuBefore;
    await sleep(DRAIN_MS);
    const collected = next(agents);
    agents.send({ type: 'collect' });
    const report = await collected;
    if (report.type !== 'seen') throw new Error('soak agents did not report');
    const seen = new Map(report.seen);
    const delivery: number[] = [];
    let short = 0;
    for (let n = 0; n < total; n++) {
      const entry = seen.get(n);
      if (!entry || entry[2] < SOCKETS) short++;
      if (entry) delivery.push(entry[1] - (sentAt[n] ?? entry[1]));
    }
    webhook.sort((a, b) => a - b);
    delivery.sort((a, b) => a - b);
    return {
      sockets: SOCKETS,
      ratePerSecond: RATE,
      seconds,
      sent: total,
      errors: refused + short,
      webhookP50: percentile(webhook, 0.5),
      webhookP95: percentile(webhook, 0.95),
      deliveryP50: percentile(delivery, 0.5),
      deliveryP95: percentile(delivery, 0.95),
      socketDisconnects: report.disconnects,
      serverCpuShare: cpu / (seconds * 1000),
      rssMb: memoryMb(pid, 'VmRSS'),
    };
  } finally {
    agents.send({ type: 'close' });
    await connection.remove();
  }
}
