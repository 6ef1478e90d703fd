import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { listenForSockets } from '../../../test/sockets.js';
import { users } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const lastSeen = async (id: number) =>
  (await app.deps.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, id)))[0]?.at;

test('a burst of heartbeats writes nothing beyond the one of connecting', async () => {
  const tenant = await createTenant(app);
  const socket = await live.connect({ token: tenant.admin.token });
  await settle();
  const afterConnecting = await lastSeen(tenant.admin.id);

  for (let i = 0; i < 30; i++) socket.emit('userStatus');
  await settle();

  expect(afterConnecting).not.toBeNull();
  expect(await lastSeen(tenant.admin.id)).toEqual(afterConnecting);
  expect(socket.connected).toBe(true);
});
