import { events, QUEUE_COLORS } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { startFakeGraph } from '../../../test/fake-graph/fake-graph.js';
import { digits } from '../../../test/fake-graph/meta-app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { connectionQueues, connections, queues } from '../../db/schema/index.js';
import { sealClearWavoipTokens } from './connections.secrets.js';

// Meta tokens are proved against Graph when saved: a fake one answers here.
const graph = await startFakeGraph();
const app = await createTestApp({ env: { GRAPH_API_URL: graph.url } });
const live = await listenForSockets(app);
afterAll(async () => {
  await live.close();
  await graph.close();
});

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

test('a WhatsApp QR code reaches only those who manage connections, never the company-wide event', async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId);
  const created = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: 'Vendas', channel: 'whatsapp' },
  });
  const id = created.body.id as number;
  await app.deps.db
    .update(connections)
    .set({ status: 'qrcode', qrcode: '2@ref,noise,identity' })
    .where(eq(connections.id, id));
  const heard = collect<{ whatsapp: { id: number; qrcode: string } }>(
    await live.connect({ token: attendant.token }),
    events.whatsapp(tenant.companyId),
  );

  const theirs = await call(app, 'GET', `/whatsapp/${id}`, { token: attendant.token });
  const listed = await call(app, 'GET', '/whatsapp', { token: attendant.token });
  const admins = await call(app, 'GET', `/whatsapp/${id}`, { token: tenant.admin.token });
  await call(app, 'PUT', `/whatsapp/${id}`, { token: tenant.admin.token, body: { name: 'Vendas SP' } });
  const [update] = await waitFor(
    async () => heard,
    (list) => list.length > 0,
  );

  expect(theirs.body.qrcode).toBe('');
  expect(listed.body.map((c: { qrcode: string }) => c.qrcode)).toEqual(['']);
  expect(admins.body.qrcode).toBe('2@ref,noise,identity');
  expect(update?.whatsapp).toMatchObject({ id, qrcode: '' });
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

test('a connection’s menu queues are the company’s own, in the order given', async () => {
  const tenant = await createTenant(app, { plan: { queues: 5 } });
  const other = await createTenant(app, { plan: { queues: 5 } });
  const token = tenant.admin.token;
  const queue = async (t: typeof tenant, name: string, color: string) =>
    (await call(app, 'POST', '/queue', { token: t.admin.token, body: { name, color } })).body.id as number;
  const vendas = await queue(tenant, 'Vendas', QUEUE_COLORS[0]);
  const suporte = await queue(tenant, 'Suporte', QUEUE_COLORS[1]);
  const foreign = await queue(other, 'Alheia', QUEUE_COLORS[2]);

  const refused = await call(app, 'POST', '/whatsapp', {
    token,
    body: { name: 'Site', channel: 'webchat', queueIds: [vendas, foreign] },
  });
  expect(refused.status).toBe(400);
  const created = await call(app, 'POST', '/whatsapp', {
    token,
    body: { name: 'Site', channel: 'webchat', queueIds: [suporte, vendas] },
  });
  const linked = () =>
    app.deps.db
      .select({ queueId: connectionQueues.queueId })
      .from(connectionQueues)
      .where(eq(connectionQueues.connectionId, created.body.id))
      .orderBy(connectionQueues.position);
  expect(await linked()).toEqual([{ queueId: suporte }, { queueId: vendas }]);
  await call(app, 'PUT', `/whatsapp/${created.body.id}`, { token, body: { queueIds: [vendas] } });
  expect(await linked()).toEqual([{ queueId: vendas }]);
});

test('every field of the modal is stored, ids of another company are refused, and import dates follow spec 000 §5', async () => {
  const tenant = await createTenant(app);
  const other = await createTenant(app);
  const [queue] = await app.deps.db
    .insert(queues)
    .values({ companyId: tenant.companyId, name: 'Vendas', color: '#0000FF' })
    .returning();
  const [foreign] = await app.deps.db
    .insert(queues)
    .values({ companyId: other.companyId, name: 'Alheia', color: '#00FF00' })
    .returning();
  const fields = {
    name: 'Completa',
    channel: 'whatsapp',
    number: '5511999990000',
    maxUseBotQueues: 5,
    expiresTicket: 120,
    groupAsTicket: 'enabled',
    timeSendQueue: 15,
    sendIdQueue: queue?.id,
    inactiveMessage: 'Ainda está aí?',
    timeInactiveMessage: 10,
    whenExpiresTicket: '1',
    wavoip: 'wavoip-token',
    queueIds: [queue?.id],
    importOldMessages: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    importRecentMessages: new Date(Date.now() - 86_400_000).toISOString(),
  };

  const created = await call(app, 'POST', '/whatsapp', { token: tenant.admin.token, body: fields });
  const stranger = await call(app, 'PUT', `/whatsapp/${created.body.id}`, {
    token: tenant.admin.token,
    body: { queueIds: [foreign?.id] },
  });
  const tooOld = await call(app, 'PUT', `/whatsapp/${created.body.id}`, {
    token: tenant.admin.token,
    body: { importOldMessages: new Date(Date.now() - 3 * 365 * 86_400_000).toISOString() },
  });
  const recentBeforeOld = await call(app, 'PUT', `/whatsapp/${created.body.id}`, {
    token: tenant.admin.token,
    body: {
      importOldMessages: new Date(Date.now() - 86_400_000).toISOString(),
      importRecentMessages: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    },
  });

  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    ...fields,
    wavoip: '••••oken',
    queueIds: [queue?.id],
    importOldMessages: expect.any(String),
  });
  expect(stranger).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  expect(tooOld.status).toBe(400);
  expect(recentBeforeOld.status).toBe(400);
});

test('a wavoip token is stored sealed and answered masked; its mask sent back keeps it, an empty field removes it', async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const stored = async (id: number) =>
    (await app.deps.db.select().from(connections).where(eq(connections.id, id)))[0]?.wavoip ?? '';
  const created = await call(app, 'POST', '/whatsapp', {
    token,
    body: { ...webchat('Chamadas'), wavoip: 'wavoip-device-token-1234' },
  });

  const sealed = await stored(created.body.id);
  const listed = await call(app, 'GET', '/whatsapp', { token });
  await call(app, 'PUT', `/whatsapp/${created.body.id}`, {
    token,
    body: { wavoip: '••••1234', name: 'Renamed' },
  });
  const keptAfterMask = app.deps.secrets.open(await stored(created.body.id));
  await call(app, 'PUT', `/whatsapp/${created.body.id}`, { token, body: { wavoip: '' } });

  expect(created.body.wavoip).toBe('••••1234');
  expect(sealed).not.toContain('wavoip-device-token');
  expect(app.deps.secrets.open(sealed)).toBe('wavoip-device-token-1234');
  expect(JSON.stringify(listed.body)).not.toContain('wavoip-device-token');
  expect(keptAfterMask).toBe('wavoip-device-token-1234');
  expect(await stored(created.body.id)).toBe('');
});

test('wavoip tokens stored in clear before sealing are sealed on start; sealed ones are left as they are', async () => {
  const tenant = await createTenant(app);
  const insert = async (wavoip: string) =>
    (
      await app.deps.db
        .insert(connections)
        .values({
          companyId: tenant.companyId,
          name: 'Antiga',
          token: `T${Date.now()}${wavoip.length}`,
          wavoip,
        })
        .returning()
    )[0]?.id ?? 0;
  const clear = await insert('clear-device-token');
  const alreadySealed = app.deps.secrets.seal('sealed-device-token');
  const sealedId = await insert(alreadySealed);
  const stored = async (id: number) =>
    (await app.deps.db.select().from(connections).where(eq(connections.id, id)))[0]?.wavoip ?? '';

  await sealClearWavoipTokens(app.deps);

  expect(await stored(clear)).not.toBe('clear-device-token');
  expect(app.deps.secrets.open(await stored(clear))).toBe('clear-device-token');
  expect(await stored(sealedId)).toBe(alreadySealed);
});

test('a Meta token is stored but never shown; the greeting media upload keeps the file and DELETE removes it', async () => {
  const tenant = await createTenant(app);
  const phoneNumberId = digits(15);
  graph.addPhoneNumber(phoneNumberId, 'SECRET');
  const created = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: 'Oficial', channel: 'whatsappapi', phoneNumberId, accessToken: 'SECRET' },
  });
  const form = new FormData();
  form.set('file', new Blob([Buffer.from('%PDF-1.4 boas-vindas')]), 'menu.pdf');
  const request = new Request('http://x', { method: 'POST', body: form });
  const upload = await app.inject({
    method: 'POST',
    url: `/whatsapp/${created.body.id}/media-upload`,
    headers: { ...Object.fromEntries(request.headers), authorization: `Bearer ${tenant.admin.token}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  const removed = await call(app, 'DELETE', `/whatsapp/${created.body.id}/media-upload`, {
    token: tenant.admin.token,
  });

  expect(created.body).toMatchObject({
    status: 'CONNECTED',
    hasAccessToken: true,
    phoneNumberId,
  });
  expect(JSON.stringify(created.body)).not.toContain('SECRET');
  const [stored] = await app.deps.db
    .select({ accessToken: connections.accessToken })
    .from(connections)
    .where(eq(connections.id, created.body.id));
  expect(stored?.accessToken).not.toContain('SECRET');
  expect(app.deps.secrets.open(stored?.accessToken ?? '')).toBe('SECRET');
  expect(upload.json().greetingMediaAttachment).toMatch(/^\/media\/company\d+\/greetings\/.+\.pdf\?/);
  expect(removed.body.greetingMediaAttachment).toBeNull();
});
