import { events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { queues } from '../../db/schema/index.js';

// Two server processes share events only through PostgreSQL (the Socket.IO Postgres adapter);
// the embedded database serves one process, so this runs in the PostgreSQL pass of the suite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Each test's listening first server (with its sockets) and its second one, closed in that order. */
const opened: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const server of opened) await server.close();
});

test.runIf(onPostgres)('an event raised on one server reaches a socket connected to another', async () => {
  const first = await createTestApp();
  const second = await createTestApp();
  const live = await listenForSockets(first);
  opened.push(live, second);
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

test.runIf(onPostgres)(
  'rights changed and passwords set on one server reach sockets on another',
  async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    const live = await listenForSockets(first);
    opened.push(live, second);
    const tenant = await createTenant(first);
    const [queue] = await first.deps.db
      .insert(queues)
      .values({ companyId: tenant.companyId, name: 'Elsewhere', color: '#333333' })
      .returning();
    const attendant = await createUser(first, tenant.companyId);
    const ticket = await createTicket(first, tenant.companyId, { queueId: queue?.id, status: 'open' });
    const socket = await live.connect({ token: attendant.token });
    const received = collect<{ message: { body: string } }>(socket, events.appMessage(tenant.companyId));
    const wait = async (done: () => boolean) => {
      for (let i = 0; i < 50 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    };

    await call(second, 'PUT', `/users/${attendant.id}`, {
      token: tenant.admin.token,
      body: { queueIds: [queue?.id] },
    });
    await call(second, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'now yours to see', isPrivate: true },
    });
    await wait(() => received.length > 0);
    await call(second, 'PUT', `/users/${attendant.id}`, {
      token: tenant.admin.token,
      body: { password: 'Set-elsewhere-1' },
    });
    await wait(() => !socket.connected);

    expect(received.map((e) => e.message.body)).toEqual(['now yours to see']);
    expect(socket.connected).toBe(false);
  },
);
