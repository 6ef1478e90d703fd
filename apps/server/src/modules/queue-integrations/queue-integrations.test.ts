import { events } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser, type TestUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';
import { queueIntegrations } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const webhook = { type: 'webhook', name: 'Meu n8n', urlN8N: 'https://n8n.example.com/hook' };
const create = (token: string, body: object) => call(app, 'POST', '/queueIntegration', { token, body });

describe('queue integrations', () => {
  let tenant: Tenant;
  let other: Tenant;
  let attendant: TestUser;
  beforeAll(async () => {
    tenant = await createTenant(app);
    other = await createTenant(app);
    attendant = await createUser(app, tenant.companyId);
  });

  test('an admin creates a webhook: the project name is its name and it gets a signing secret', async () => {
    const { status, body } = await create(tenant.admin.token, { ...webhook, projectName: 'ignored' });

    expect(status).toBe(201);
    expect(body).toMatchObject({
      type: 'webhook',
      name: 'Meu n8n',
      projectName: 'Meu n8n',
      hasJsonContent: false,
    });
    expect(body.webhookSecret).toMatch(/^[\w-]{32}$/);
  });

  test('each type is refused without what it needs', async () => {
    const noUrl = await create(tenant.admin.token, { type: 'n8n', name: 'n8n' });
    const noSlug = await create(tenant.admin.token, {
      type: 'typebot',
      name: 'Bot',
      urlN8N: 'https://typebot.io',
    });
    const noLanguage = await create(tenant.admin.token, { type: 'dialogflow', name: 'DF', projectName: 'p' });
    const badKey = await create(tenant.admin.token, {
      type: 'dialogflow',
      name: 'DF',
      projectName: 'p',
      language: 'pt-BR',
      jsonContent: '{"not":"a key"}',
    });
    const shortName = await create(tenant.admin.token, { ...webhook, name: 'x' });
    const noType = await create(tenant.admin.token, { name: 'Sem tipo', urlN8N: 'https://a.b' });

    expect(noUrl).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { urlN8N: 'required' } },
    });
    expect(noSlug.body.fields).toEqual({ typebotSlug: 'required' });
    expect(noLanguage.body.fields).toMatchObject({ language: 'required', jsonContent: 'required' });
    expect(badKey.body.fields).toEqual({ jsonContent: 'invalidValue' });
    expect(shortName.body.fields).toEqual({ name: 'tooShort' });
    expect(noType.body.fields).toEqual({ type: 'required' });
  });

  test('a Dialogflow key is stored sealed and never answered; saving without one keeps it', async () => {
    const key = JSON.stringify({
      client_email: 'bot@p.iam.gserviceaccount.com',
      private_key: 'PRIVATE-KEY-TEXT',
    });
    const { body } = await create(tenant.admin.token, {
      type: 'dialogflow',
      name: 'Dialogflow',
      projectName: 'proj',
      language: 'pt-BR',
      jsonContent: key,
    });
    const updated = await call(app, 'PUT', `/queueIntegration/${body.id}`, {
      token: tenant.admin.token,
      body: { type: 'dialogflow', name: 'Dialogflow 2', projectName: 'proj', language: 'es' },
    });
    const [row] = await app.deps.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, body.id));

    expect(body.hasJsonContent).toBe(true);
    expect(JSON.stringify(body)).not.toContain('PRIVATE-KEY-TEXT');
    expect(updated.body).toMatchObject({ name: 'Dialogflow 2', language: 'es', hasJsonContent: true });
    expect(row?.jsonContent).not.toContain('PRIVATE-KEY-TEXT');
    expect(app.deps.secrets.open(row?.jsonContent ?? '')).toBe(key);
  });

  test('list pages and searches by name', async () => {
    const own = await createTenant(app);
    for (let i = 0; i < 22; i++)
      await create(own.admin.token, { ...webhook, name: `Hook ${String(i).padStart(2, '0')}` });
    await create(own.admin.token, { ...webhook, name: 'Especial' });

    const first = await call(app, 'GET', '/queueIntegration?pageNumber=1', { token: own.admin.token });
    const second = await call(app, 'GET', '/queueIntegration?pageNumber=2', { token: own.admin.token });
    const found = await call(app, 'GET', '/queueIntegration?searchParam=espec', { token: own.admin.token });

    expect(first.body).toMatchObject({ hasMore: true, count: 23 });
    expect(first.body.queueIntegrations).toHaveLength(20);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.queueIntegrations).toHaveLength(3);
    expect(found.body.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Especial']);
  });

  test("another company's integration is not found for reading, changing or deleting", async () => {
    const { body } = await create(other.admin.token, webhook);

    const read = await call(app, 'GET', `/queueIntegration/${body.id}`, { token: tenant.admin.token });
    const changed = await call(app, 'PUT', `/queueIntegration/${body.id}`, {
      token: tenant.admin.token,
      body: webhook,
    });
    const deleted = await call(app, 'DELETE', `/queueIntegration/${body.id}`, { token: tenant.admin.token });
    const stillThere = await call(app, 'GET', `/queueIntegration/${body.id}`, { token: other.admin.token });

    for (const answer of [read, changed, deleted]) {
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_INTEGRATION_FOUND' } });
    }
    expect(stillThere.status).toBe(200);
  });

  test('attendants are refused, and so is a plan without integrations', async () => {
    const noPlan = await createTenant(app, { plan: { useIntegrations: false } });

    const byAttendant = await call(app, 'GET', '/queueIntegration', { token: attendant.token });
    const byPlan = await create(noPlan.admin.token, webhook);

    expect(byAttendant).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(byPlan).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  });

  test('deleting unlinks it from the queues that used it', async () => {
    const { body } = await create(tenant.admin.token, webhook);
    const queue = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: { name: 'Vendas hook', color: '#b71c1c', integrationId: body.id },
    });

    const deleted = await call(app, 'DELETE', `/queueIntegration/${body.id}`, { token: tenant.admin.token });
    const after = await call(app, 'GET', `/queue/${queue.body.id}`, { token: tenant.admin.token });

    expect(queue.body.integrationId).toBe(body.id);
    expect(deleted.status).toBe(204);
    expect(after.body.integrationId).toBeNull();
  });

  test('admins hear of changes; attendants of the same company do not', async () => {
    // A company of its own: a late event of an earlier test must not reach these sockets.
    const quiet = await createTenant(app);
    const colleague = await createUser(app, quiet.companyId);
    const admin = await live.connect({ token: quiet.admin.token });
    const attendant = await live.connect({ token: colleague.token });
    const byAdmin = collect(admin, events.queueIntegration(quiet.companyId));
    const byAttendant = collect(attendant, events.queueIntegration(quiet.companyId));

    const { body } = await create(quiet.admin.token, webhook);
    await heard(byAdmin, 1);
    await live.drain(admin, attendant);

    expect(byAdmin).toEqual([{ action: 'create', record: body }]);
    expect(byAttendant).toEqual([]);
  });
});
