import { afterAll, expect, test, vi } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { CHAT_JOINS_PER_SECOND } from './tickets.socket.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

test('a burst of joinChatBox runs one lookup at a time, keeps only the latest waiting and ignores the excess', async () => {
  const tenant = await createTenant(app);
  const tickets = [];
  for (let i = 0; i < CHAT_JOINS_PER_SECOND + 2; i++) tickets.push(await createTicket(app, tenant.companyId));
  const socket = await live.connect({ token: tenant.admin.token });
  const probes = collect<{ ticketId: number }>(socket, 'probe');
  await settle();
  const selects = vi.spyOn(app.deps.db, 'select');

  for (const ticket of tickets) socket.emit('joinChatBox', ticket.id);
  await settle();
  selects.mockRestore();
  for (const ticket of tickets) {
    app.deps.realtime.toRoom(rooms.ticket(tenant.companyId, ticket.id), 'probe', { ticketId: ticket.id });
  }
  await settle();

  // The first runs at once; of those arriving meanwhile only the last allowed one waits.
  const lastAllowed = tickets[CHAT_JOINS_PER_SECOND - 1];
  expect(new Set(probes.map((p) => p.ticketId))).toEqual(new Set([tickets[0]?.id, lastAllowed?.id]));
  expect(selects.mock.calls.length).toBeLessThanOrEqual(2);
  expect(socket.connected).toBe(true);
});
