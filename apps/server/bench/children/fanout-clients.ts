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

/** Each socket's first receipt of the round's event (a later ack of the same message updates it again). */
let arrivals = new Map<number, number>();
/** The round's message: updates from earlier sends (their delivery acks) must not count as arrivals. */
let expected = '';
const sockets: Socket[] = [];

/** Sent as soon as every socket has the round's event, or when the bench stops waiting; ends the round. */
function report() {
  send({ type: 'arrivals', arrivals: [...arrivals.values()] });
  arrivals = new Map();
  expected = '';
}

function open(index: number): Promise<Socket> {
  const socket = io(base, {
    auth: { token: tokens[index % tokens.length] },
    transports: ['websocket'],
    reconnection: false,
  });
  socket.on(event, (payload: { action?: string; ticket?: { id?: number; lastMessage?: string } }) => {
    if (payload.action !== 'update' || payload.ticket?.id !== ticketId) return;
    if (payload.ticket.lastMessage !== expected) return;
    if (arrivals.has(index)) return;
    arrivals.set(index, now());
    if (arrivals.size === count) report();
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

process.on('message', (message: { type: string; body?: string }) => {
  if (message.type === 'round') {
    arrivals = new Map();
    expected = message.body ?? '';
    send({ type: 'armed' });
  }
  if (message.type === 'collect') report();
  if (message.type === 'close') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
