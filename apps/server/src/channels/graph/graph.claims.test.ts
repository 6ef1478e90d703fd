import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import {
  cloudMessage,
  cloudText,
  messagingEnvelope,
  messagingMessage,
} from '../../../test/fake-graph/fixtures.js';
import {
  createCloudTenant,
  createMetaTestApp,
  createPageTenant,
  digits,
  facebookLogin,
} from '../../../test/fake-graph/meta-app.js';
import { createTenant } from '../../../test/fixtures.js';
import { connections, messages } from '../../db/schema/index.js';

// A phone number, page or Instagram account belongs to one connection in the whole installation, and
// only a token Meta lets act for it may claim it.
const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

type Admin = { admin: { token: string } };
const connect = (tenant: Admin, body: object) =>
  call(app, 'POST', '/whatsapp', { token: tenant.admin.token, body: { name: 'Conexão', ...body } });
const edit = (tenant: Admin, id: number, body: object) =>
  call(app, 'PUT', `/whatsapp/${id}`, { token: tenant.admin.token, body });
const bodiesOf = async (companyId: number) =>
  (await app.deps.db.select().from(messages).where(eq(messages.companyId, companyId))).map((m) => m.body);
const connectionsOf = (companyId: number) =>
  app.deps.db.select().from(connections).where(eq(connections.companyId, companyId));

test('another company cannot take a Cloud API number with a token Meta does not let read it; the owner keeps its customers', async () => {
  const owner = await createCloudTenant(meta);
  const intruder = await createTenant(app);
  // A real token, of another business: Meta answers it the permission error for this number.
  fake.addPhoneNumber(digits(15), 'OTHER_BUSINESS_TOKEN');
  const stolen = { channel: 'whatsappapi', phoneNumberId: owner.phoneNumberId };

  const bogus = await connect(intruder, { ...stolen, accessToken: 'x' });
  const foreign = await connect(intruder, { ...stolen, accessToken: 'OTHER_BUSINESS_TOKEN' });
  const resaved = await edit(owner, owner.connection.id, { name: 'WhatsApp oficial' });
  await meta.webhook(
    cloudMessage('5511900001111', cloudText('meu pedido'), { phoneNumberId: owner.phoneNumberId }).payload,
  );

  expect(bogus).toMatchObject({ status: 400, body: { error: 'ERR_META_ASSET_ACCESS' } });
  expect(foreign).toMatchObject({ status: 400, body: { error: 'ERR_META_ASSET_ACCESS' } });
  const asked = fake.calls.filter((c) => c.path === `/v21.0/${owner.phoneNumberId}` && c.method === 'GET');
  expect(asked.length).toBe(3);
  expect(resaved.status).toBe(200);
  expect(await bodiesOf(owner.companyId)).toEqual(['meu pedido']);
  expect(await connectionsOf(intruder.companyId)).toEqual([]);
});

test('a number already connected is refused with 409 on create and on update, even with a token that may read it', async () => {
  const owner = await createCloudTenant(meta);
  // The same business's token reads both numbers.
  const sibling = await createCloudTenant(meta);
  const claim = { channel: 'whatsappapi', phoneNumberId: owner.phoneNumberId, accessToken: fake.token };

  const twice = await connect(sibling, claim);
  const again = await connect(owner, claim);
  const moved = await edit(sibling, sibling.connection.id, { phoneNumberId: owner.phoneNumberId });

  for (const answer of [twice, again, moved])
    expect(answer).toMatchObject({ status: 409, body: { error: 'ERR_META_ASSET_TAKEN' } });
  const [kept] = await connectionsOf(sibling.companyId);
  expect(kept?.phoneNumberId).toBe(sibling.phoneNumberId);
  expect(await connectionsOf(owner.companyId)).toHaveLength(1);
});

test('a page or Instagram account is claimed only with its own page token, once; an id without a token is refused', async () => {
  const page = await createPageTenant(meta);
  const account = await createPageTenant(meta, 'instagram');
  // An admin of a page of their own, whose token therefore speaks as that page.
  const intruder = await createPageTenant(meta);
  const pageClaim = { channel: 'facebook', facebookPageUserId: page.pageId };
  const accountClaim = { channel: 'instagram', instagramAccountId: account.accountId };

  const refused = [
    await connect(intruder, { ...pageClaim, accessToken: 'x' }),
    await connect(intruder, { ...pageClaim, accessToken: intruder.pageToken }),
    await connect(intruder, { ...accountClaim, accessToken: 'x' }),
    await connect(intruder, { ...accountClaim, accessToken: intruder.pageToken }),
    await edit(intruder, intruder.connection.id, pageClaim),
  ];
  const taken = [
    await connect(intruder, { ...pageClaim, accessToken: page.pageToken }),
    await connect(intruder, { ...accountClaim, accessToken: account.pageToken }),
  ];
  const tokenless = await connect(intruder, { channel: 'facebook', facebookPageUserId: digits(12) });
  const psid = `7${Date.now()}`;
  await meta.webhook(
    messagingEnvelope(
      'page',
      [messagingMessage(psid, page.pageId, { mid: `m_${psid}`, text: 'oi, página' })],
      page.pageId,
    ),
  );

  for (const answer of refused)
    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_META_ASSET_ACCESS' } });
  for (const answer of taken)
    expect(answer).toMatchObject({ status: 409, body: { error: 'ERR_META_ASSET_TAKEN' } });
  expect(tokenless).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  expect(tokenless.body.fields).toHaveProperty('accessToken');
  expect(await bodiesOf(page.companyId)).toEqual(['oi, página']);
  const [own] = await connectionsOf(intruder.companyId);
  expect(own?.facebookPageUserId).toBe(intruder.pageId);
});

test('a Facebook login listing a page connected in another company saves nothing of that login', async () => {
  const { body: login, page } = facebookLogin(meta);
  const owner = await createTenant(app);
  const intruder = await createTenant(app);

  const first = await call(app, 'POST', '/facebook', {
    token: owner.admin.token,
    body: { ...login, addInstagram: true },
  });
  const subscriptions = fake.calls.filter((c) => c.path.endsWith(`${page.id}/subscribed_apps`)).length;
  const second = await call(app, 'POST', '/facebook', {
    token: intruder.admin.token,
    body: { ...login, addInstagram: true },
  });

  expect(first.status).toBe(200);
  expect(second).toMatchObject({ status: 409, body: { error: 'ERR_META_ASSET_TAKEN' } });
  expect(await connectionsOf(intruder.companyId)).toEqual([]);
  expect(fake.calls.filter((c) => c.path.endsWith(`${page.id}/subscribed_apps`))).toHaveLength(subscriptions);
  expect((await connectionsOf(owner.companyId)).map((c) => c.channel).sort()).toEqual([
    'facebook',
    'instagram',
  ]);
});

test('when Meta cannot be asked the connection is not saved, with its own error', async () => {
  const tenant = await createTenant(app);
  const phoneNumberId = digits(15);
  fake.addPhoneNumber(phoneNumberId);
  const claim = { channel: 'whatsappapi', phoneNumberId, accessToken: fake.token };

  fake.failNext('500');
  const troubled = await connect(tenant, claim);
  fake.failNext('drop');
  const dropped = await connect(tenant, claim);
  const unhindered = await connect(tenant, claim);

  for (const answer of [troubled, dropped])
    expect(answer).toMatchObject({ status: 502, body: { error: 'ERR_META_UNREACHABLE' } });
  expect(unhindered.status).toBe(201);
  expect(await connectionsOf(tenant.companyId)).toHaveLength(1);
});

test('two companies claiming one number at the same moment: one is connected, the other told it is taken', async () => {
  const first = await createTenant(app);
  const second = await createTenant(app);
  const phoneNumberId = digits(15);
  fake.addPhoneNumber(phoneNumberId);
  const claim = { channel: 'whatsappapi', phoneNumberId, accessToken: fake.token };

  const answers = await Promise.all([connect(first, claim), connect(second, claim)]);

  expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  expect(answers.find((a) => a.status === 409)?.body.error).toBe('ERR_META_ASSET_TAKEN');
  const holders = await app.deps.db
    .select()
    .from(connections)
    .where(eq(connections.phoneNumberId, phoneNumberId));
  expect(holders).toHaveLength(1);
});
