import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { createMetaTestApp, facebookLogin } from '../../../test/fake-graph/meta-app.js';
import { createTenant } from '../../../test/fixtures.js';
import { connections } from '../../db/schema/index.js';

const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

test('POST /facebook exchanges the login, subscribes each page with a token and connects it, with its Instagram when asked', async () => {
  const tenant = await createTenant(app);
  const { body: login, page } = facebookLogin(meta);

  const { status, body } = await call(app, 'POST', '/facebook', {
    token: tenant.admin.token,
    body: { ...login, addInstagram: true },
  });

  expect(status).toBe(200);
  expect(
    body.map((c: { channel: string; name: string; status: string }) => [c.channel, c.name, c.status]),
  ).toEqual([
    ['facebook', 'Loja X', 'CONNECTED'],
    ['instagram', 'lojax', 'CONNECTED'],
  ]);
  const exchange = fake.calls.find((c) => c.path.endsWith('/oauth/access_token'));
  expect(exchange?.query).toMatchObject({
    grant_type: 'fb_exchange_token',
    client_id: fake.appId,
    client_secret: fake.appSecret,
  });
  const subscribed = fake.calls.filter((c) => c.path.endsWith(`${page.id}/subscribed_apps`));
  expect(subscribed[0]?.query).toMatchObject({ access_token: page.token });
  const [stored] = await app.deps.db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, tenant.companyId), eq(connections.channel, 'instagram')));
  expect(stored).toMatchObject({ facebookPageUserId: page.id, instagramAccountId: page.instagram.id });
  // Stored sealed, never in clear; the sends open it (the subscription above used it).
  expect(stored?.accessToken).not.toContain(page.token);
  expect(app.deps.secrets.open(stored?.accessToken ?? '')).toBe(page.token);
  expect(JSON.stringify(body)).not.toContain(page.token);
});

test('connecting the same pages again refreshes them instead of duplicating; a refused login is a clear error', async () => {
  const tenant = await createTenant(app);
  const { body: login } = facebookLogin(meta);
  await call(app, 'POST', '/facebook', { token: tenant.admin.token, body: login });

  const again = await call(app, 'POST', '/facebook', { token: tenant.admin.token, body: login });
  const refused = await call(app, 'POST', '/facebook', {
    token: tenant.admin.token,
    body: { ...login, facebookUserToken: 'EXPIRED' },
  });
  const list = await call(app, 'GET', '/whatsapp', { token: tenant.admin.token });

  expect(again.status).toBe(200);
  expect(list.body).toHaveLength(1);
  expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_FACEBOOK_LOGIN' } });
});

test('a login bringing more pages than the plan has room for connects none of them', async () => {
  const tenant = await createTenant(app, { plan: { connections: 1 } });
  const { body: login } = facebookLogin(meta);

  const refused = await call(app, 'POST', '/facebook', {
    token: tenant.admin.token,
    body: { ...login, addInstagram: true },
  });
  const list = await call(app, 'GET', '/whatsapp', { token: tenant.admin.token });

  expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_CONNECTION_LIMIT' } });
  expect(list.body).toEqual([]);
});
