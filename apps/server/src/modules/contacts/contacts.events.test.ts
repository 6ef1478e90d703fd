import { events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { companySettings } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

interface Received {
  action: string;
  contact?: { number: string; numberHidden: boolean };
  contactId?: number;
}

test('the company hears of contacts, with numbers masked where lgpdHideNumber hides them', async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId);
  const supervisor = await createUser(app, tenant.companyId, { profile: 'supervisor' });
  const outsider = await createTenant(app);
  await app.deps.db
    .insert(companySettings)
    .values({ companyId: tenant.companyId, key: 'lgpdHideNumber', value: 'enabled' });
  const connect = async (token: string) =>
    collect<Received>(await live.connect({ token }), events.contact(tenant.companyId));
  const admin = await connect(tenant.admin.token);
  const user = await connect(attendant.token);
  const manager = await connect(supervisor.token);
  const stranger = await connect(outsider.admin.token);

  const { body } = await call(app, 'POST', '/contacts', {
    token: tenant.admin.token,
    body: { name: 'Heard', number: '11 98765-4321' },
  });
  await call(app, 'DELETE', `/contacts/${body.id}`, { token: tenant.admin.token });

  await waitFor(
    async () => user,
    (seen) => seen.length === 2,
    5000,
  );
  expect(admin.map((e) => e.contact?.number ?? e.contactId)).toEqual(['5511987654321', body.id]);
  expect(manager.map((e) => e.contact?.number ?? e.contactId)).toEqual(['5511987654321', body.id]);
  expect(user.map((e) => e.contact?.number ?? e.contactId)).toEqual(['5511*******21', body.id]);
  expect(stranger).toEqual([]);
});
