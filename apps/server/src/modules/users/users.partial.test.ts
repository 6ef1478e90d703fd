import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

test('a partial user update changes only the fields sent', async () => {
  const tenant = await createTenant(app);
  const created = await call(app, 'POST', '/users', {
    token: tenant.admin.token,
    body: {
      name: 'Parcial Silva',
      email: `parcial-${Date.now()}@test.local`,
      password: 'Secret-pass-1',
      profile: 'user',
      farewellMessage: 'Tchau!',
      startWork: '08:00',
      endWork: '18:00',
      wpp: '11999990000',
    },
  });
  expect(created.status).toBe(201);

  const renamed = await call(app, 'PUT', `/users/${created.body.id}`, {
    token: tenant.admin.token,
    body: { name: 'Parcial Souza' },
  });

  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({
    name: 'Parcial Souza',
    email: created.body.email,
    profile: 'user',
    farewellMessage: 'Tchau!',
    startWork: '08:00',
    endWork: '18:00',
    wpp: '11999990000',
  });
});
