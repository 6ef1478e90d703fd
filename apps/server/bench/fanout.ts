import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { events } from '@balcao/shared';
import { memoryMb } from './processes.js';
import { percentile } from './stats.js';

export interface FanoutFigures {
  sockets: number;
  rounds: number;
  delivered: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
  /** The server's resident memory with every socket open. */
  serverRssMb: number;
}

const SOCKETS = 2_000;
// Two client processes share the machine's two cores with the server: more would only queue.
const CLIENT_PROCESSES = 2;
const ROUNDS = 5;
const ROUND_TIMEOUT_MS = 15_000;

type FromClient =
  | { type: 'ready' }
  | { type: 'failed'; reason: string }
  | { type: 'arrivals'; arrivals: number[] };

function startClients(env: NodeJS.ProcessEnv): ChildProcess {
  return fork(fileURLToPath(new URL('./children/fanout-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

const next = (child: ChildProcess) =>
  new Promise<FromClient>((resolve) => child.once('message', (message) => resolve(message as FromClient)));

/**
 * 2,000 authenticated sockets of the tenant (spread over its users, all of whom may see every
 * ticket) in their own processes; each round one message sent into the send ticket makes the
 * server publish the ticket's update to all of them. Delivery time is from just before the
 * request to each socket's receipt, on this machine's one clock.
 */
export async function measureFanout(
  base: string,
  companyId: number,
  ticketId: number,
  tokens: string[],
  adminToken: string,
  serverPid: number,
): Promise<FanoutFigures> {
  const perProcess = SOCKETS / CLIENT_PROCESSES;
  const clients = Array.from({ length: CLIENT_PROCESSES }, () =>
    startClients({
      FANOUT_BASE: base,
      FANOUT_EVENT: events.ticket(companyId),
      FANOUT_TICKET: String(ticketId),
      FANOUT_TOKENS: JSON.stringify(tokens),
      FANOUT_COUNT: String(perProcess),
    }),
  );
  try {
    for (const answer of await Promise.all(clients.map(next))) {
      if (answer.type === 'failed') throw new Error(`fan-out clients could not connect: ${answer.reason}`);
    }
    const serverRssMb = memoryMb(serverPid, 'VmRSS');
    const delays: number[] = [];
    let missed = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const body = `Fan-out round ${round + 1}`;
      const armed = clients.map(next);
      for (const client of clients) client.send({ type: 'round', body });
      await Promise.all(armed);
      const reported = clients.map(() => false);
      const reports = clients.map((client, i) =>
        next(client).then((report) => {
          reported[i] = true;
          return report;
        }),
      );
      const sentAt = performance.timeOrigin + performance.now();
      const answer = await fetch(`${base}/messages/${ticketId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body }),
      });
      if (answer.status !== 201) throw new Error(`the fan-out's message answered ${answer.status}`);
      const timeout = setTimeout(() => {
        clients.forEach((client, i) => {
          if (!reported[i]) client.send({ type: 'collect' });
        });
      }, ROUND_TIMEOUT_MS);
      for (const report of await Promise.all(reports)) {
        if (report.type !== 'arrivals') continue;
        delays.push(...report.arrivals.map((at) => at - sentAt));
        missed += perProcess - report.arrivals.length;
      }
      clearTimeout(timeout);
    }
    delays.sort((a, b) => a - b);
    return {
      sockets: SOCKETS,
      rounds: ROUNDS,
      delivered: delays.length,
      missed,
      p50: percentile(delays, 0.5),
      p99: percentile(delays, 0.99),
      max: delays.at(-1) ?? 0,
      serverRssMb,
    };
  } finally {
    for (const client of clients) {
      if (client.connected) client.send({ type: 'close' });
    }
  }
}
