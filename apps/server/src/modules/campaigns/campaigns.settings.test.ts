import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

type Pairs = { key: string; value: string }[];
const decoded = (pairs: Pairs) => Object.fromEntries(pairs.map(({ key, value }) => [key, JSON.parse(value)]));

test('a company that never saved its settings reads the spec defaults, JSON-encoded', async () => {
  const tenant = await createTenant(app);

  const { status, body } = await call(app, 'GET', '/campaign-settings', { token: tenant.admin.token });

  expect(status).toBe(200);
  expect(body).toEqual([
    { key: 'messageInterval', value: '20' },
    { key: 'longerIntervalAfter', value: '20' },
    { key: 'greaterInterval', value: '60' },
    { key: 'variables', value: '[]' },
  ]);
});

test('saved settings read back; keys left out keep their value', async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;

  await call(app, 'POST', '/campaign-settings', { token, body: { settings: { messageInterval: 5 } } });
  await call(app, 'POST', '/campaign-settings', { token, body: { settings: { greaterInterval: 30 } } });
  const { body } = await call(app, 'GET', '/campaign-settings', { token });

  expect(decoded(body)).toEqual({
    messageInterval: 5,
    longerIntervalAfter: 20,
    greaterInterval: 30,
    variables: [],
  });
});

test('a custom variable is added only when its key is new; the variables sent are the whole table', async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const first = [
    { key: 'loja', value: 'Centro' },
    { key: 'cupom', value: 'VERAO10' },
    { key: 'loja', value: 'Shopping' },
  ];

  const saved = await call(app, 'POST', '/campaign-settings', {
    token,
    body: { settings: { variables: first } },
  });
  await call(app, 'POST', '/campaign-settings', {
    token,
    body: { settings: { variables: [{ key: 'cupom', value: 'VERAO10' }] } },
  });
  const { body } = await call(app, 'GET', '/campaign-settings', { token });

  expect(decoded(saved.body).variables).toEqual([
    { key: 'loja', value: 'Centro' },
    { key: 'cupom', value: 'VERAO10' },
  ]);
  expect(decoded(body).variables).toEqual([{ key: 'cupom', value: 'VERAO10' }]);
});

test('a bad key or interval is refused with the field named; another company keeps its own settings', async () => {
  const tenant = await createTenant(app);
  const other = await createTenant(app);

  const bad = await call(app, 'POST', '/campaign-settings', {
    token: tenant.admin.token,
    body: { settings: { messageInterval: -1, variables: [{ key: 'com espaço', value: 'x' }] } },
  });
  await call(app, 'POST', '/campaign-settings', {
    token: tenant.admin.token,
    body: { settings: { messageInterval: 10 } },
  });
  const others = await call(app, 'GET', '/campaign-settings', { token: other.admin.token });

  expect(bad.status).toBe(400);
  expect(bad.body.fields).toMatchObject({
    'settings.messageInterval': 'invalidValue',
    'settings.variables.0.key': 'invalidValue',
  });
  expect(decoded(others.body).messageInterval).toBe(20);
});
