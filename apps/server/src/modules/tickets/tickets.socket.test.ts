import { afterAll, expect, test, vi } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { CHAT_JOINS_PER_SECOND } from './tickets.socket.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

test('a burst of joinChatBox runs one lookup at a time, keeps only the latest waiting and ignores the excess', async () => {
  const tenant = await createTenant(app);
  const tickets = [];
  for (let i = 0; i < CHAT_JOINS_PER_SECOND + 2; i++) tickets.push(await createTicket(app, tenant.companyId));
  // Connecting makes lookups of its own (going online), all done once it is announced.
  const socket = await live.connectOnline(tenant.admin);
  const probes = collect<{ ticketId: number }>(socket, 'probe');
  const selects = vi.spyOn(app.deps.db, 'select');
  // The first runs at once; of those arriving meanwhile only the last allowed one waits.
  const lastAllowed = tickets[CHAT_JOINS_PER_SECOND - 1];

  for (const ticket of tickets) socket.emit('joinChatBox', ticket.id);
  // It runs last: once its room reaches the socket, every lookup of the burst is over.
  const joined = collect(socket, 'joined');
  await waitFor(
    async () => {
      app.deps.realtime.toRoom(rooms.ticket(tenant.companyId, lastAllowed?.id ?? 0), 'joined', {});
      return joined.length;
    },
    (count) => count > 0,
    10_000,
  );
  selects.mockRestore();
  for (const ticket of tickets) {
    app.deps.realtime.toRoom(rooms.ticket(tenant.companyId, ticket.id), 'probe', { ticketId: ticket.id });
  }
  await live.drain(socket);

  expect(new Set(probes.map((p) => p.ticketId))).toEqual(new Set([tickets[0]?.id, lastAllowed?.id]));
  expect(selects.mock.calls.length).toBeLessThanOrEqual(2);
  expect(socket.connected).toBe(true);
});
