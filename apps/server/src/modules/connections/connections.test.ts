import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

const webchat = (name: string) => ({ name, channel: 'webchat' });

test('the first connection becomes the default, with a 30-character token', async () => {
  const tenant = await createTenant(app);

  const { status, body } = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: webchat('Site'),
  });

  expect(status).toBe(201);
  expect(body).toMatchObject({ isDefault: true, status: 'CONNECTED', channel: 'webchat' });
  expect(body.token).toMatch(/^[A-Z0-9]{30}$/);
});

test('deleting the default promotes another connection, and the default cannot be switched off', async () => {
  const tenant = await createTenant(app);
  const first = (await call(app, 'POST', '/whatsapp', { token: tenant.admin.token, body: webchat('One') }))
    .body;
  const second = (await call(app, 'POST', '/whatsapp', { token: tenant.admin.token, body: webchat('Two') }))
    .body;

  const unset = await call(app, 'PUT', `/whatsapp/${first.id}`, {
    token: tenant.admin.token,
    body: { isDefault: false },
  });
  await call(app, 'DELETE', `/whatsapp/${first.id}`, { token: tenant.admin.token });
  const after = await call(app, 'GET', `/whatsapp/${second.id}`, { token: tenant.admin.token });

  expect(unset).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } });
  expect(after.body.isDefault).toBe(true);
});

test('attendants list connections without their tokens and cannot change them', async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId);
  await call(app, 'POST', '/whatsapp', { token: tenant.admin.token, body: webchat('Site') });

  const list = await call(app, 'GET', '/whatsapp', { token: attendant.token });
  const create = await call(app, 'POST', '/whatsapp', { token: attendant.token, body: webchat('Mine') });

  expect(list.body[0].token).toBe('');
  expect(create).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
});

test('the plan limits connections and channels; another company’s connection is not found', async () => {
  const tenant = await createTenant(app, { plan: { connections: 1, useFacebook: false } });
  const other = await createTenant(app);
  const mine = (await call(app, 'POST', '/whatsapp', { token: tenant.admin.token, body: webchat('Site') }))
    .body;

  const beyond = await call(app, 'POST', '/whatsapp', { token: tenant.admin.token, body: webchat('More') });
  const facebook = await call(app, 'POST', '/whatsapp', {
    token: other.admin.token,
    body: { name: 'Page', channel: 'facebook' },
  });
  const stranger = await call(app, 'DELETE', `/whatsapp/${mine.id}`, { token: other.admin.token });

  expect(beyond).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_CONNECTION_LIMIT' } });
  expect(facebook.status).toBe(201);
  expect(stranger).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
});

test('a partial update changes only the fields sent, also on the default connection', async () => {
  const tenant = await createTenant(app);
  const messages = {
    greetingMessage: 'Olá!',
    complationMessage: 'Até logo!',
    outOfHoursMessage: 'Voltamos às 8h.',
    ratingMessage: 'Avalie.',
  };
  const created = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { ...webchat('Site'), ...messages },
  });
  expect(created.body.isDefault).toBe(true);

  const renamed = await call(app, 'PUT', `/whatsapp/${created.body.id}`, {
    token: tenant.admin.token,
    body: { name: 'Site novo' },
  });

  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ name: 'Site novo', isDefault: true, ...messages });
});
