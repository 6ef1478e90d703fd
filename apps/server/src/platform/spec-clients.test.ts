import { afterAll, expect, test } from 'vitest';
import { bearer, call, createTestApp } from '../../test/app.js';
import { createTenant } from '../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

test('a list path with a trailing slash answers as without it', async () => {
  const tenant = await createTenant(app);
  for (const path of ['/contacts', '/tags', '/schedules', '/users']) {
    const plain = await call(app, 'GET', path, { token: tenant.admin.token });
    const slashed = await call(app, 'GET', `${path}/`, { token: tenant.admin.token });
    expect(plain.status, path).toBe(200);
    expect(slashed.status, `${path}/`).toBe(200);
    expect(slashed.body).toEqual(plain.body);
  }
});

test('a JSON content type with an empty body reads as no body', async () => {
  const tenant = await createTenant(app);
  const tag = await call(app, 'POST', '/tags', {
    token: tenant.admin.token,
    body: { name: 'Sem corpo', color: '#A4CCCC' },
  });
  expect(tag.status).toBe(201);
  const removed = await app.inject({
    method: 'DELETE',
    url: `/tags/${tag.body.id}`,
    headers: { ...bearer(tenant.admin.token), 'content-type': 'application/json' },
    payload: '',
  });
  expect(removed.statusCode).toBe(204);
  expect((await call(app, 'GET', `/tags/${tag.body.id}`, { token: tenant.admin.token })).status).toBe(404);
});

test('a JSON body that is not JSON is still refused as bad input', async () => {
  const tenant = await createTenant(app);
  const bad = await app.inject({
    method: 'POST',
    url: '/tags',
    headers: { ...bearer(tenant.admin.token), 'content-type': 'application/json' },
    payload: '{"name":',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error).toBe('ERR_VALIDATION');
  const poisoned = await app.inject({
    method: 'POST',
    url: '/tags',
    headers: { ...bearer(tenant.admin.token), 'content-type': 'application/json' },
    payload: '{"name":"x","color":"#A4CCCC","__proto__":{"admin":true}}',
  });
  expect(poisoned.statusCode).toBe(400);
});
