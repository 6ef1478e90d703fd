import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { users } from '../../db/schema/index.js';
import { rooms } from '../../platform/realtime/rooms.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
const lastSeen = async (id: number) =>
  (await app.deps.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)))[0]?.at;

test('a burst of heartbeats writes nothing beyond the one of connecting', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId);
  // Going online is announced after the write of connecting.
  const socket = await live.connectOnline(tenant.admin);
  const afterConnecting = await lastSeen(tenant.admin.id);

  for (let i = 0; i < 30; i++) socket.emit('userStatus');
  // A socket's events are handled in order: once the chat asked for after the burst is joined (it
  // takes a lookup of its own), every heartbeat of the burst was handled and any write it made issued.
  socket.emit('joinChatBox', ticket.id);
  const joined = collect(socket, 'probe');
  await waitFor(
    async () => {
      app.deps.realtime.toRoom(rooms.ticket(tenant.companyId, ticket.id), 'probe', {});
      return joined.length;
    },
    (count) => count > 0,
    10_000,
  );

  expect(afterConnecting).not.toBeNull();
  expect(await lastSeen(tenant.admin.id)).toEqual(afterConnecting);
  expect(socket.connected).toBe(true);
});
