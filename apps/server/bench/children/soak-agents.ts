import { io, type Socket } from 'socket.io-client';

/**
 * The soak's agents: opens the sockets, then notes for each soak message (its ticket's update whose last
 * message is "soak N") when the first and the last socket received it and how many did.
 */
const base = process.env.SOAK_BASE as string;
const event = process.env.SOAK_EVENT as string;
const tokens = JSON.parse(process.env.SOAK_TOKENS as string) as string[];
const count = Number(process.env.SOAK_SOCKETS);
const BATCH = 50;
const MARK = /^soak (\d+)$/;

const now = () => performance.timeOrigin + performance.now();
const send = (message: object) => process.send?.(message);

/** Per message number: first arrival, last arrival, sockets reached. */
const seen = new Map<number, [number, number, number]>();
const sockets: Socket[] = [];
let disconnects = 0;

function open(index: number): Promise<Socket> {
  const socket = io(base, { auth: { token: tokens[index % tokens.length] }, transports: ['websocket'] });
  const reached = new Set<number>();
  socket.on(event, (payload: { action?: string; ticket?: { lastMessage?: string } }) => {
    const n = Number(MARK.exec(payload.ticket?.lastMessage ?? '')?.[1] ?? Number.NaN);
    if (payload.action !== 'update' || Number.isNaN(n) || reached.has(n)) return;
    reached.add(n);
    const at = now();
    const entry = seen.get(n);
    if (entry) {
      entry[1] = at;
      entry[2]++;
    } else seen.set(n, [at, at, 1]);
  });
  socket.on('disconnect', () => {
    disconnects++;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

try {
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => open(start + i));
    sockets.push(...(await Promise.all(batch)));
  }
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'failed', reason: error instanceof Error ? error.message : String(error) });
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'collect') send({ type: 'seen', seen: [...seen.entries()], disconnects });
  if (message.type === 'close') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
