import { QUEUE_COLORS } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { prompts } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const KEY = 'sk-test-1234567890abcdefWXYZ';
const create = (token: string, body: object) => call(app, 'POST', '/prompt', { token, body });
let colors = 0;
const queueOf = async (tenant: Tenant, name: string) => {
  const color = QUEUE_COLORS[colors++];
  return (await call(app, 'POST', '/queue', { token: tenant.admin.token, body: { name, color } })).body
    .id as number;
};

describe('prompts', () => {
  let tenant: Tenant;
  let other: Tenant;
  let queueId: number;
  let otherQueueId: number;
  beforeAll(async () => {
    tenant = await createTenant(app);
    other = await createTenant(app);
    queueId = await queueOf(tenant, 'Suporte IA');
    otherQueueId = await queueOf(other, 'Alheia');
  });

  test('the API key is stored sealed and every answer shows it masked', async () => {
    const { status, body } = await create(tenant.admin.token, {
      name: 'Atendente virtual',
      prompt: 'Você é um atendente cordial.',
      apiKey: KEY,
      queueId,
    });
    const listed = await call(app, 'GET', '/prompt', { token: tenant.admin.token });
    const [row] = await app.deps.db.select().from(prompts).where(eq(prompts.id, body.id));

    expect(status).toBe(201);
    expect(body).toMatchObject({
      apiKey: '••••WXYZ',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      queue: { name: 'Suporte IA' },
    });
    expect(JSON.stringify(listed.body)).not.toContain(KEY);
    expect(row?.apiKey).not.toContain(KEY);
    expect(app.deps.secrets.open(row?.apiKey ?? '')).toBe(KEY);
  });

  test('saving with the masked or an empty key keeps the stored one; a new key replaces it', async () => {
    const { body } = await create(tenant.admin.token, { name: 'P', prompt: 'x', apiKey: KEY, queueId });
    const form = { name: 'P2', prompt: 'y', queueId };

    await call(app, 'PUT', `/prompt/${body.id}`, {
      token: tenant.admin.token,
      body: { ...form, apiKey: body.apiKey },
    });
    await call(app, 'PUT', `/prompt/${body.id}`, { token: tenant.admin.token, body: form });
    const [kept] = await app.deps.db.select().from(prompts).where(eq(prompts.id, body.id));
    const replaced = await call(app, 'PUT', `/prompt/${body.id}`, {
      token: tenant.admin.token,
      body: { ...form, apiKey: 'sk-other-key-0000' },
    });

    expect(app.deps.secrets.open(kept?.apiKey ?? '')).toBe(KEY);
    expect(replaced.body).toMatchObject({ name: 'P2', apiKey: '••••0000' });
  });

  test("a queue is required ('Informe o setor'), and it must be one of the company's", async () => {
    const none = await create(tenant.admin.token, { name: 'P', prompt: 'x', apiKey: KEY });
    const foreign = await create(tenant.admin.token, {
      name: 'P',
      prompt: 'x',
      apiKey: KEY,
      queueId: otherQueueId,
    });
    const noKey = await create(tenant.admin.token, { name: 'P', prompt: 'x', queueId });

    expect(none).toMatchObject({ status: 400, body: { fields: { queueId: 'sectorRequired' } } });
    expect(foreign).toMatchObject({ status: 400, body: { fields: { queueId: 'sectorRequired' } } });
    expect(noKey.body.fields).toEqual({ apiKey: 'required' });
  });

  test("another company's prompt is not found", async () => {
    const { body } = await create(other.admin.token, {
      name: 'Deles',
      prompt: 'x',
      apiKey: KEY,
      queueId: otherQueueId,
    });

    const read = await call(app, 'GET', `/prompt/${body.id}`, { token: tenant.admin.token });
    const changed = await call(app, 'PUT', `/prompt/${body.id}`, {
      token: tenant.admin.token,
      body: { name: 'x', prompt: 'x', queueId },
    });
    const deleted = await call(app, 'DELETE', `/prompt/${body.id}`, { token: tenant.admin.token });

    for (const answer of [read, changed, deleted]) {
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_PROMPT_FOUND' } });
    }
  });

  test('a plan without the AI assistant and attendants are refused; paging and search work', async () => {
    const noAi = await createTenant(app, { plan: { useOpenAi: false } });
    const attendant = await createUser(app, tenant.companyId);
    for (let i = 0; i < 20; i++)
      await create(tenant.admin.token, { name: `Lote ${i}`, prompt: 'x', apiKey: KEY, queueId });

    const byPlan = await call(app, 'GET', '/prompt', { token: noAi.admin.token });
    const byAttendant = await call(app, 'GET', '/prompt', { token: attendant.token });
    const page = await call(app, 'GET', '/prompt?pageNumber=1', { token: tenant.admin.token });
    const found = await call(app, 'GET', '/prompt?searchParam=virtual', { token: tenant.admin.token });

    expect(byPlan).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(byAttendant.status).toBe(403);
    expect(page.body.hasMore).toBe(true);
    expect(page.body.prompts).toHaveLength(20);
    expect(found.body.prompts.map((p: { name: string }) => p.name)).toEqual(['Atendente virtual']);
  });
});
