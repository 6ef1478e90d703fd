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

test('a burst of joinChatBox runs a bounded number of ticket lookups and still joins', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId);
  const socket = await live.connect({ token: tenant.admin.token });
  const probes = collect(socket, 'probe');
  await settle();
  const selects = vi.spyOn(app.deps.db, 'select');

  for (let i = 0; i < 50; i++) socket.emit('joinChatBox', ticket.id);
  await settle();
  selects.mockRestore();
  app.deps.realtime.toRoom(rooms.ticket(tenant.companyId, ticket.id), 'probe', {});
  await settle();

  expect(selects.mock.calls.length).toBeLessThanOrEqual(CHAT_JOINS_PER_SECOND);
  expect(probes).toHaveLength(1);
  expect(socket.connected).toBe(true);
});
