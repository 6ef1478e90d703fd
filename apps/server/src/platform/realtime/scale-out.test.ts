import { events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';

// Two server processes share events only through PostgreSQL (the Socket.IO Postgres adapter);
// the embedded database serves one process, so this runs in the PostgreSQL pass of the suite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

test.runIf(onPostgres)('an event raised on one server reaches a socket connected to another', async () => {
  const first = await createTestApp();
  const second = await createTestApp();
  const live = await listenForSockets(first);
  afterAll(async () => {
    await live.close();
    await second.close();
  });
  const tenant = await createTenant(first);
  const socket = await live.connect({ token: tenant.admin.token });
  const received = collect<{ user: { name: string } }>(socket, events.user(tenant.companyId));

  await call(second, 'PUT', `/users/${tenant.admin.id}`, {
    token: tenant.admin.token,
    body: { name: 'Elsewhere' },
  });
  const renamed = () => received.some((e) => e.user.name === 'Elsewhere');
  for (let i = 0; i < 50 && !renamed(); i++) await new Promise((resolve) => setTimeout(resolve, 100));

  expect(renamed()).toBe(true);
});
