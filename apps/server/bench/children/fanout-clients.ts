import { io, type Socket } from 'socket.io-client';

/**
 * One of the fan-out's client processes: opens its share of the sockets, then tells the bench,
 * for each round, when (wall clock, sub-millisecond) each socket received the ticket's event.
 */
const base = process.env.FANOUT_BASE as string;
const event = process.env.FANOUT_EVENT as string;
const ticketId = Number(process.env.FANOUT_TICKET);
const tokens = JSON.parse(process.env.FANOUT_TOKENS as string) as string[];
const count = Number(process.env.FANOUT_COUNT);
// Handshakes in small batches: 1,000 at once would measure the connection storm, not the fan-out.
const BATCH = 50;

const now = () => performance.timeOrigin + performance.now();
const send = (message: object) => process.send?.(message);

let arrivals: number[] = [];
const sockets: Socket[] = [];

/** Sent as soon as every socket has the round's event, or when the bench stops waiting. */
function report() {
  send({ type: 'arrivals', arrivals });
  arrivals = [];
}

function open(index: number): Promise<Socket> {
  const socket = io(base, {
    auth: { token: tokens[index % tokens.length] },
    transports: ['websocket'],
    reconnection: false,
  });
  socket.on(event, (payload: { action?: string; ticket?: { id?: number } }) => {
    if (payload.action !== 'update' || payload.ticket?.id !== ticketId) return;
    arrivals.push(now());
    if (arrivals.length === count) report();
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
  if (message.type === 'collect') report();
  if (message.type === 'close') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
