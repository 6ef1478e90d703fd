import { events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

type Received = { action: string; user: Record<string, unknown> };

test('user events carry private fields to admins and the user, the public shape to attendants', async () => {
  const tenant = await createTenant(app);
  const renamed = await createUser(app, tenant.companyId);
  const colleague = await createUser(app, tenant.companyId);
  const listen = async (token: string) =>
    collect<Received>(await live.connect({ token }), events.user(tenant.companyId));
  const [byAdmin, byUser, byColleague] = [
    await listen(tenant.admin.token),
    await listen(renamed.token),
    await listen(colleague.token),
  ];
  await settle();
  for (const list of [byAdmin, byUser, byColleague]) list.length = 0;

  await call(app, 'PUT', `/users/${renamed.id}`, { token: tenant.admin.token, body: { name: 'Novo Nome' } });
  await settle();

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
  const seen = collect<Received>(await live.connect({ token: watcher.token }), events.user(tenant.companyId));
  await settle();
  seen.length = 0;

  await live.connect({ token: arriving.token });
  await settle();

  expect(seen).toEqual([
    { action: 'update', user: expect.objectContaining({ id: arriving.id, online: true }) },
  ]);
  expect(seen[0]?.user).not.toHaveProperty('email');
});

test('an admin made an attendant stops receiving private fields on their live socket at once', async () => {
  const tenant = await createTenant(app);
  const demoted = await createUser(app, tenant.companyId, { profile: 'admin' });
  const other = await createUser(app, tenant.companyId);
  const seen = collect<Received>(await live.connect({ token: demoted.token }), events.user(tenant.companyId));

  await call(app, 'PUT', `/users/${demoted.id}`, { token: tenant.admin.token, body: { profile: 'user' } });
  await settle();
  seen.length = 0;
  await call(app, 'PUT', `/users/${other.id}`, { token: tenant.admin.token, body: { name: 'Outra Pessoa' } });
  await settle();

  expect(seen).toEqual([{ action: 'update', user: expect.objectContaining({ name: 'Outra Pessoa' }) }]);
  expect(seen[0]?.user).not.toHaveProperty('email');
});
