import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { createMetaTestApp, facebookLogin } from '../../../test/fake-graph/meta-app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { connections } from '../../db/schema/index.js';

const SDK_URL = 'http://127.0.0.1:9/fake-sdk.js';
const meta = await createMetaTestApp({ env: { FACEBOOK_SDK_URL: SDK_URL } });
const { app, fake } = meta;
afterAll(() => meta.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const listPages = (tenant: Tenant, login: { facebookUserId: string; facebookUserToken: string }) =>
  call(app, 'POST', '/facebook/pages', { token: tenant.admin.token, body: login });
const connect = (tenant: Tenant, body: unknown) =>
  call(app, 'POST', '/facebook/connections', { token: tenant.admin.token, body });
const storedOf = (tenant: Tenant) =>
  app.deps.db.select().from(connections).where(eq(connections.companyId, tenant.companyId));

test('the web app learns the Facebook app id and where to load the SDK from, and may run it', async () => {
  const { status, body, response } = await call(app, 'GET', '/public-settings');

  expect(status).toBe(200);
  expect(body.facebook).toEqual({ appId: fake.appId, sdkUrl: SDK_URL, version: 'v21.0' });
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self' http://127.0.0.1:9;");
  expect(csp).toContain('frame-src');
  // The login popup answers through window.opener, which `same-origin` would cut.
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
});

test('a login lists its pages and their Instagram accounts, creating nothing and showing no page token', async () => {
  const tenant = await createTenant(app);
  const { body: login, page } = facebookLogin(meta);

  const { status, body } = await listPages(tenant, login);

  expect(status).toBe(200);
  expect(body.pages).toEqual([
    {
      id: page.id,
      name: 'Loja X',
      connected: false,
      taken: false,
      instagram: { id: page.instagram.id, username: 'lojax', connected: false, taken: false },
    },
  ]);
  const exchange = fake.calls.findLast((c) => c.path.endsWith('/oauth/access_token'));
  expect(exchange?.query).toMatchObject({
    grant_type: 'fb_exchange_token',
    client_id: fake.appId,
    client_secret: fake.appSecret,
    fb_exchange_token: login.facebookUserToken,
  });
  expect(JSON.stringify(body)).not.toContain(page.token);
  expect(JSON.stringify(body)).not.toContain(`LL_${login.facebookUserToken}`);
  expect(await storedOf(tenant)).toEqual([]);
});

test('the chosen Instagram account alone is connected, with the page token the server fetched', async () => {
  const tenant = await createTenant(app);
  const { body: login, page } = facebookLogin(meta);
  const { body: listed } = await listPages(tenant, login);

  const { status, body } = await connect(tenant, {
    login: listed.login,
    pages: [{ id: page.id, messenger: false, instagram: true }],
  });

  expect(status).toBe(200);
  expect(body.map((c: { channel: string; name: string }) => [c.channel, c.name])).toEqual([
    ['instagram', 'lojax'],
  ]);
  const stored = await storedOf(tenant);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    channel: 'instagram',
    facebookPageUserId: page.id,
    instagramAccountId: page.instagram.id,
    facebookUserId: login.facebookUserId,
    status: 'CONNECTED',
  });
  expect(app.deps.secrets.open(stored[0]?.accessToken ?? '')).toBe(page.token);
  const subscribed = fake.calls.filter((c) => c.path.endsWith(`${page.id}/subscribed_apps`));
  expect(subscribed.map((c) => c.query.access_token)).toEqual([page.token]);

  const { body: again } = await listPages(tenant, login);
  expect(again.pages[0]).toMatchObject({ connected: false, instagram: { connected: true } });
});

test("another company's login, or an altered one, connects nothing", async () => {
  const owner = await createTenant(app);
  const other = await createTenant(app);
  const { body: login, page } = facebookLogin(meta);
  const { body: listed } = await listPages(owner, login);
  const choice = [{ id: page.id, messenger: true, instagram: true }];

  const elsewhere = await connect(other, { login: listed.login, pages: choice });
  const altered = await connect(owner, { login: `${listed.login.slice(0, -4)}AAAA`, pages: choice });
  const colleague = await createUser(app, owner.companyId, { profile: 'admin', name: 'Outra admin' });
  const otherUser = await call(app, 'POST', '/facebook/connections', {
    token: colleague.token,
    body: { login: listed.login, pages: choice },
  });

  for (const refused of [elsewhere, altered, otherUser])
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_FACEBOOK_LOGIN' } });
  expect(await storedOf(owner)).toEqual([]);
  expect(await storedOf(other)).toEqual([]);
});

test('a page not among the login, or an Instagram account the page lacks, is refused', async () => {
  const tenant = await createTenant(app);
  const { body: login, page } = facebookLogin(meta);
  const { body: listed } = await listPages(tenant, login);
  const other = facebookLogin(meta).page;

  const stranger = await connect(tenant, {
    login: listed.login,
    pages: [{ id: other.id, messenger: true }],
  });
  const nothing = await connect(tenant, { login: listed.login, pages: [{ id: page.id }] });

  expect(stranger).toMatchObject({ status: 400, body: { error: 'ERR_FACEBOOK_LOGIN' } });
  expect(nothing.status).toBe(400);
  expect(await storedOf(tenant)).toEqual([]);
});

test('a page connected in another company is shown taken, and choosing it is refused with nothing saved', async () => {
  const first = await createTenant(app);
  const second = await createTenant(app);
  const { body: login, page } = facebookLogin(meta);
  const { body: firstList } = await listPages(first, login);
  await connect(first, { login: firstList.login, pages: [{ id: page.id, messenger: true }] });

  const { body: secondList } = await listPages(second, login);
  const refused = await connect(second, {
    login: secondList.login,
    pages: [{ id: page.id, messenger: true, instagram: true }],
  });

  expect(secondList.pages[0]).toMatchObject({ taken: true, instagram: { taken: false } });
  expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_META_ASSET_TAKEN' } });
  expect(await storedOf(second)).toEqual([]);
});

test('a choice bigger than the room left in the plan connects none of it', async () => {
  const tenant = await createTenant(app, { plan: { connections: 1 } });
  const { body: login, page } = facebookLogin(meta);
  const { body: listed } = await listPages(tenant, login);

  const refused = await connect(tenant, {
    login: listed.login,
    pages: [{ id: page.id, messenger: true, instagram: true }],
  });

  expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_CONNECTION_LIMIT' } });
  expect(await storedOf(tenant)).toEqual([]);
});

test('an expired SDK login is a clear error', async () => {
  const tenant = await createTenant(app);

  const refused = await listPages(tenant, { facebookUserId: '1', facebookUserToken: 'EXPIRED' });

  expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_FACEBOOK_LOGIN' } });
});
