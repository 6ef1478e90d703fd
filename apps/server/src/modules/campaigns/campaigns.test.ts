import { type Campaign, events } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser, createWebchatConnection } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { campaigns, contactListItems, contactLists, tags } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
afterEach(() => {
  app.deps.now = () => new Date();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const HOUR = 60 * 60_000;

async function tenantWithConnections() {
  const tenant = await createTenant(app);
  const first = await createWebchatConnection(app, tenant.companyId);
  const second = await createWebchatConnection(app, tenant.companyId);
  return { tenant, connections: [first, second] as const };
}

const post = (tenant: Tenant, body: object) =>
  call(app, 'POST', '/campaigns', { token: tenant.admin.token, body });
const put = (tenant: Tenant, id: number, body: object) =>
  call(app, 'PUT', `/campaigns/${id}`, { token: tenant.admin.token, body });

async function createCampaign(tenant: Tenant, connectionId: number, extra: object = {}): Promise<Campaign> {
  const { status, body } = await post(tenant, {
    name: 'Promoção de verão',
    connectionIds: [connectionId],
    message1: 'Olá {nome}, temos novidades!',
    ...extra,
  });
  expect(status).toBe(201);
  return body as Campaign;
}

async function createList(companyId: number, name: string) {
  const [list] = await app.deps.db.insert(contactLists).values({ companyId, name }).returning();
  if (!list) throw new Error('list not created');
  return list;
}

async function setStatus(id: number, status: string) {
  await app.deps.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));
}

describe('creating and reading', () => {
  test('a new campaign is INATIVA, names its connections and list, and reads back the same', async () => {
    const { tenant, connections } = await tenantWithConnections();
    const list = await createList(tenant.companyId, 'Clientes VIP');

    const created = await createCampaign(tenant, connections[0].id, {
      connectionIds: [connections[1].id, connections[0].id, connections[1].id],
      contactListId: list.id,
      confirmation: true,
      confirmationMessage1: 'Posso enviar a oferta?',
    });
    const read = await call(app, 'GET', `/campaigns/${created.id}`, { token: tenant.admin.token });

    expect(created).toMatchObject({
      status: 'INATIVA',
      confirmation: true,
      connectionIds: [connections[1].id, connections[0].id],
      whatsappId: `${connections[1].id},${connections[0].id}`,
      connections: [
        { id: connections[1].id, name: 'Site' },
        { id: connections[0].id, name: 'Site' },
      ],
      contactList: { id: list.id, name: 'Clientes VIP' },
      scheduledAt: null,
      completedAt: null,
      mediaPath: null,
      message2: '',
    });
    expect(read.body).toEqual(created);
  });

  test('the comma-separated whatsappId of the replaced product is accepted instead of connectionIds', async () => {
    const { tenant, connections } = await tenantWithConnections();

    const { status, body } = await post(tenant, {
      name: 'Aviso',
      whatsappId: `${connections[0].id}, ${connections[1].id}`,
      message3: 'Aviso importante',
    });
    const bad = await post(tenant, { name: 'Aviso', whatsappId: '1,abc', message1: 'x' });

    expect(status).toBe(201);
    expect(body.connectionIds).toEqual([connections[0].id, connections[1].id]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { whatsappId: 'invalidValue' } });
  });

  test('the list is newest first, searched by name and paged with a count', async () => {
    const { tenant, connections } = await tenantWithConnections();
    for (const name of ['Natal', 'Black Friday', 'Natal 2']) {
      await createCampaign(tenant, connections[0].id, { name });
    }

    const all = await call(app, 'GET', '/campaigns', { token: tenant.admin.token });
    const found = await call(app, 'GET', '/campaigns?searchParam=natal', { token: tenant.admin.token });

    expect(all.body.records.map((c: Campaign) => c.name)).toEqual(['Natal 2', 'Black Friday', 'Natal']);
    expect(all.body).toMatchObject({ hasMore: false, count: 3 });
    expect(found.body.records.map((c: Campaign) => c.name)).toEqual(['Natal 2', 'Natal']);
  });
});

test('a page holds 20 campaigns and says whether more follow', async () => {
  const { tenant, connections } = await tenantWithConnections();
  await app.deps.db.insert(campaigns).values(
    Array.from({ length: 21 }, (_, i) => ({
      companyId: tenant.companyId,
      name: `Campanha ${i + 1}`,
      connectionIds: [connections[0].id],
      message1: 'Oi',
    })),
  );

  const first = await call(app, 'GET', '/campaigns?pageNumber=1', { token: tenant.admin.token });
  const second = await call(app, 'GET', '/campaigns?pageNumber=2', { token: tenant.admin.token });

  expect(first.body).toMatchObject({ hasMore: true, count: 21 });
  expect(first.body.records).toHaveLength(20);
  expect(second.body).toMatchObject({ hasMore: false, records: [{ name: 'Campanha 1' }] });
});

describe('validation', () => {
  test('a short name is refused with the spec message', async () => {
    const { tenant, connections } = await tenantWithConnections();

    const { status, body } = await post(tenant, { name: 'A', connectionIds: [connections[0].id] });

    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'tooShort' } });
  });

  test('a campaign without a connection or without any message is incomplete', async () => {
    const { tenant, connections } = await tenantWithConnections();

    const noConnection = await post(tenant, { name: 'Sem conexão', message1: 'Oi' });
    const noMessage = await post(tenant, {
      name: 'Sem mensagem',
      connectionIds: [connections[0].id],
      message1: '   ',
    });

    expect(noConnection.status).toBe(400);
    expect(noConnection.body).toMatchObject({
      error: 'ERR_CAMPAIGN_INCOMPLETE',
      fields: { connectionIds: 'required' },
    });
    expect(noMessage.body).toMatchObject({
      error: 'ERR_CAMPAIGN_INCOMPLETE',
      fields: { message1: 'required' },
    });
  });

  test('a confirmation campaign without any question to ask first is incomplete', async () => {
    const { tenant, connections } = await tenantWithConnections();

    const { status, body } = await post(tenant, {
      name: 'Com confirmação',
      connectionIds: [connections[0].id],
      message1: 'Oferta',
      confirmation: true,
    });

    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'ERR_CAMPAIGN_INCOMPLETE',
      fields: { confirmationMessage1: 'required' },
    });
  });

  test("another company's connection, list or tag is not found", async () => {
    const { tenant, connections } = await tenantWithConnections();
    const other = await tenantWithConnections();
    const list = await createList(other.tenant.companyId, 'Alheia');
    const [tag = { id: 0 }] = await app.deps.db
      .insert(tags)
      .values({ companyId: other.tenant.companyId, name: 'Alheia', color: '#000000' })
      .returning();

    const connection = await post(tenant, {
      name: 'Teste',
      connectionIds: [connections[0].id, other.connections[0].id],
      message1: 'x',
    });
    const contactList = await post(tenant, {
      name: 'Teste',
      connectionIds: [connections[0].id],
      contactListId: list.id,
      message1: 'x',
    });
    const tagList = await post(tenant, {
      name: 'Teste',
      connectionIds: [connections[0].id],
      tagListId: tag.id,
      message1: 'x',
    });

    expect(connection).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(contactList).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_LIST_FOUND' } });
    expect(tagList).toMatchObject({ status: 404, body: { error: 'ERR_NO_TAG_FOUND' } });
  });
});

describe('schedule and status', () => {
  test('a schedule makes it PROGRAMADA, removing it INATIVA again; a past schedule is refused', async () => {
    const { tenant, connections } = await tenantWithConnections();
    const at = new Date(Date.now() + 3 * HOUR);

    const created = await createCampaign(tenant, connections[0].id, { scheduledAt: at.toISOString() });
    const unscheduled = await put(tenant, created.id, { scheduledAt: null });
    const past = await put(tenant, created.id, { scheduledAt: new Date(Date.now() - HOUR).toISOString() });

    expect(created).toMatchObject({ status: 'PROGRAMADA', scheduledAt: at.toISOString() });
    expect(unscheduled.body).toMatchObject({ status: 'INATIVA', scheduledAt: null });
    expect(past.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { scheduledAt: 'invalidValue' } });
  });

  test('a scheduled campaign starts at its time, not at the minute sweep after it', async () => {
    const { tenant, connections } = await tenantWithConnections();
    const list = await createList(tenant.companyId, 'Clientes');
    await app.deps.db.insert(contactListItems).values({
      companyId: tenant.companyId,
      contactListId: list.id,
      name: 'Ana',
      number: '5511988880001',
      isWhatsappValid: true,
    });
    const at = new Date(Date.now() + 2000);

    const created = await createCampaign(tenant, connections[0].id, {
      contactListId: list.id,
      scheduledAt: at.toISOString(),
    });
    const status = await waitFor(
      async () =>
        (await call(app, 'GET', `/campaigns/${created.id}`, { token: tenant.admin.token })).body.status,
      (current) => current !== 'PROGRAMADA',
      8000,
    );

    expect(created.status).toBe('PROGRAMADA');
    expect(status).not.toBe('PROGRAMADA');
  });

  test('a schedule without an offset is the company wall clock', async () => {
    const { tenant, connections } = await tenantWithConnections();

    const created = await createCampaign(tenant, connections[0].id, { scheduledAt: '2999-03-10T09:30' });

    expect(created.scheduledAt).toBe('2999-03-10T12:30:00.000Z');
  });

  test('a PROGRAMADA campaign is editable until one hour before its schedule', async () => {
    const { tenant, connections } = await tenantWithConnections();
    const start = new Date('2999-01-01T10:00:00Z');
    app.deps.now = () => start;
    const created = await createCampaign(tenant, connections[0].id, {
      scheduledAt: '2999-01-01T12:00:00Z',
    });

    app.deps.now = () => new Date(start.getTime() + 59 * 60_000);
    const before = await put(tenant, created.id, { name: 'Ainda editável' });
    app.deps.now = () => new Date(start.getTime() + 61 * 60_000);
    const after = await put(tenant, created.id, { name: 'Tarde demais' });

    expect(before).toMatchObject({ status: 200, body: { name: 'Ainda editável', status: 'PROGRAMADA' } });
    expect(after).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
  });

  test('a running or finished campaign cannot be edited', async () => {
    const { tenant, connections } = await tenantWithConnections();
    const created = await createCampaign(tenant, connections[0].id);

    for (const status of ['EM_ANDAMENTO', 'FINALIZADA']) {
      await setStatus(created.id, status);
      const { body } = await put(tenant, created.id, { message1: 'Nova mensagem' });
      expect(body).toMatchObject({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
    }
  });

  test('a cancelled campaign takes new messages, sent back with the whole record, and stays CANCELADA', async () => {
    const { tenant, connections } = await tenantWithConnections();
    const created = await createCampaign(tenant, connections[0].id);
    await setStatus(created.id, 'CANCELADA');
    const record = (await call(app, 'GET', `/campaigns/${created.id}`, { token: tenant.admin.token })).body;

    const saved = await put(tenant, created.id, { ...record, message2: 'Segunda variante' });
    const renamed = await put(tenant, created.id, { name: 'Outro nome' });

    expect(saved).toMatchObject({ status: 200, body: { status: 'CANCELADA', message2: 'Segunda variante' } });
    expect(renamed).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_NOT_EDITABLE' } });
  });

  test('a running campaign cannot be deleted; any other can', async () => {
    const { tenant, connections } = await tenantWithConnections();
    const created = await createCampaign(tenant, connections[0].id);
    await setStatus(created.id, 'EM_ANDAMENTO');

    const refused = await call(app, 'DELETE', `/campaigns/${created.id}`, { token: tenant.admin.token });
    await setStatus(created.id, 'CANCELADA');
    const deleted = await call(app, 'DELETE', `/campaigns/${created.id}`, { token: tenant.admin.token });
    const after = await call(app, 'GET', `/campaigns/${created.id}`, { token: tenant.admin.token });

    expect(refused).toMatchObject({ status: 409, body: { error: 'ERR_CAMPAIGN_STATUS' } });
    expect(deleted.status).toBe(204);
    expect(after).toMatchObject({ status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } });
  });
});

describe('who may', () => {
  let tenant: Tenant;
  let campaign: Campaign;
  beforeAll(async () => {
    const made = await tenantWithConnections();
    tenant = made.tenant;
    campaign = await createCampaign(tenant, made.connections[0].id);
  });

  test("another company's admin cannot see, change or delete a campaign", async () => {
    const other = await createTenant(app);
    const url = `/campaigns/${campaign.id}`;

    const read = await call(app, 'GET', url, { token: other.admin.token });
    const changed = await call(app, 'PUT', url, { token: other.admin.token, body: { name: 'Invadido' } });
    const deleted = await call(app, 'DELETE', url, { token: other.admin.token });
    const listed = await call(app, 'GET', '/campaigns', { token: other.admin.token });

    for (const answer of [read, changed, deleted])
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_CAMPAIGN_FOUND' } });
    expect(listed.body.records).toEqual([]);
  });

  test('an attendant or a supervisor is refused', async () => {
    for (const profile of ['user', 'supervisor'] as const) {
      const member = await createUser(app, tenant.companyId, { profile });
      const { status, body } = await call(app, 'GET', '/campaigns', { token: member.token });
      expect(status).toBe(403);
      expect(body.error).toBe('ERR_NO_PERMISSION');
    }
  });

  test('a plan without campaigns refuses every campaign route', async () => {
    const planless = await createTenant(app, { plan: { useCampaigns: false } });

    const list = await call(app, 'GET', '/campaigns', { token: planless.admin.token });
    const settings = await call(app, 'GET', '/campaign-settings', { token: planless.admin.token });

    expect(list).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(settings).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });
});

test("events reach the company's admins, never its attendants", async () => {
  const { tenant, connections } = await tenantWithConnections();
  const attendant = await createUser(app, tenant.companyId);
  const admin = await live.connect({ token: tenant.admin.token });
  const other = await live.connect({ token: attendant.token });
  const byAdmin = collect<{ action: string }>(admin, events.campaign(tenant.companyId));
  const byAttendant = collect(other, events.campaign(tenant.companyId));

  const created = await createCampaign(tenant, connections[0].id);
  await put(tenant, created.id, { name: 'Renomeada' });
  await call(app, 'DELETE', `/campaigns/${created.id}`, { token: tenant.admin.token });

  await heard(byAdmin, 3);
  await live.drain(admin, other);
  expect(byAdmin).toEqual([
    { action: 'create', record: created },
    { action: 'update', record: expect.objectContaining({ id: created.id, name: 'Renomeada' }) },
    { action: 'delete', id: created.id },
  ]);
  expect(byAttendant).toEqual([]);
});
