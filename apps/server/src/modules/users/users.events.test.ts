import { events } from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

type Received = { action: string; user: Record<string, unknown> };

test('user events carry private fields to admins and the user, the public shape to attendants', async () => {
  const tenant = await createTenant(app);
  const renamed = await createUser(app, tenant.companyId);
  const colleague = await createUser(app, tenant.companyId);
  // One at a time, each heard going online; once every socket got all that came before, listening starts.
  const sockets = [
    await live.connectOnline(tenant.admin),
    await live.connectOnline(renamed),
    await live.connectOnline(colleague),
  ] as const;
  await live.drain(...sockets);
  const listen = (socket: Socket) => collect<Received>(socket, events.user(tenant.companyId));
  const [byAdmin, byUser, byColleague] = [listen(sockets[0]), listen(sockets[1]), listen(sockets[2])];

  await call(app, 'PUT', `/users/${renamed.id}`, { token: tenant.admin.token, body: { name: 'Novo Nome' } });
  for (const list of [byAdmin, byUser, byColleague]) await heard(list, 1);
  await live.drain(...sockets);

  for (const list of [byAdmin, byUser]) {
    expect(list).toEqual([
      { action: 'update', user: expect.objectContaining({ name: 'Novo Nome', email: renamed.email }) },
    ]);
  }
  expect(byColleague).toEqual([
    {
      action: 'update',
      user: {
        id: renamed.id,
        name: 'Novo Nome',
        online: true,
        color: expect.any(String),
        profileImage: null,
      },
    },
  ]);
});

test('presence events reach attendants without private fields', async () => {
  const tenant = await createTenant(app);
  const watcher = await createUser(app, tenant.companyId);
  const arriving = await createUser(app, tenant.companyId);
  const socket = await live.connectOnline(watcher);
  const seen = collect<Received>(socket, events.user(tenant.companyId));

  await live.connect({ token: arriving.token });
  await heard(seen, 1);
  await live.drain(socket);

  expect(seen).toEqual([
    { action: 'update', user: expect.objectContaining({ id: arriving.id, online: true }) },
  ]);
  expect(seen[0]?.user).not.toHaveProperty('email');
});

test('an admin made an attendant stops receiving private fields on their live socket at once', async () => {
  const tenant = await createTenant(app);
  const demoted = await createUser(app, tenant.companyId, { profile: 'admin' });
  const other = await createUser(app, tenant.companyId);
  const socket = await live.connectOnline(demoted);
  const seen = collect<Received>(socket, events.user(tenant.companyId));

  await call(app, 'PUT', `/users/${demoted.id}`, { token: tenant.admin.token, body: { profile: 'user' } });
  // The demotion itself is announced to the demoted user: the test starts listening after it.
  await heard(seen, 1);
  seen.length = 0;
  await call(app, 'PUT', `/users/${other.id}`, { token: tenant.admin.token, body: { name: 'Outra Pessoa' } });
  await heard(seen, 1);
  await live.drain(socket);

  expect(seen).toEqual([{ action: 'update', user: expect.objectContaining({ name: 'Outra Pessoa' }) }]);
  expect(seen[0]?.user).not.toHaveProperty('email');
});
