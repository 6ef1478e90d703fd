import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createWebchatConnection } from '../../../test/fixtures.js';
import { postMultipart } from '../../../test/multipart.js';
import { campaigns } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function campaignOf() {
  const tenant = await createTenant(app);
  const connection = await createWebchatConnection(app, tenant.companyId);
  const { body } = await call(app, 'POST', '/campaigns', {
    token: tenant.admin.token,
    body: { name: 'Com imagem', connectionIds: [connection.id], message1: 'Veja a oferta' },
  });
  return { tenant, id: body.id as number };
}

const attach = (id: number, token: string, bytes = PNG) =>
  postMultipart(app, `/campaigns/${id}/media-upload`, token, {
    filename: '../folheto.png',
    type: 'image/png',
    bytes,
  });

test('a file is attached under its own name, served only through a signed link, and removed', async () => {
  const { tenant, id } = await campaignOf();

  const uploaded = await attach(id, tenant.admin.token);
  const record = uploaded.json();
  const [row] = await app.deps.db.select().from(campaigns).where(eq(campaigns.id, id));
  const served = await app.inject({ method: 'GET', url: record.mediaPath });
  const unsigned = await app.inject({ method: 'GET', url: `/media/${row?.mediaPath}` });
  const shown = await call(app, 'GET', `/campaigns/${id}`, { token: tenant.admin.token });

  expect(uploaded.statusCode).toBe(200);
  expect(record.mediaName).toBe('folheto.png');
  expect(record.mediaPath).toMatch(/\/media\/company\d+\/campaigns\/.+\.png\?exp=\d+&sig=/);
  expect(shown.body.mediaPath).toBe(record.mediaPath);
  expect(served.rawPayload.equals(PNG)).toBe(true);
  expect(unsigned.statusCode).not.toBe(200);

  const removed = await call(app, 'DELETE', `/campaigns/${id}/media-upload`, { token: tenant.admin.token });
  const gone = await app.inject({ method: 'GET', url: record.mediaPath });

  expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
  expect(gone.statusCode).toBe(404);
});

test('a running campaign keeps its file: attaching and removing are refused', async () => {
  const { tenant, id } = await campaignOf();
  await attach(id, tenant.admin.token);
  await app.deps.db.update(campaigns).set({ status: 'EM_ANDAMENTO' }).where(eq(campaigns.id, id));

  const uploaded = await attach(id, tenant.admin.token);
  const removed = await call(app, 'DELETE', `/campaigns/${id}/media-upload`, { token: tenant.admin.token });

  expect(uploaded.statusCode).toBe(409);
  expect(removed.body).toMatchObject({ error: 'ERR_CAMPAIGN_NOT_EDITABLE' });
});

test("a file that is no known media is refused; another company's campaign is not found", async () => {
  const { tenant, id } = await campaignOf();
  const other = await createTenant(app);

  const script = await attach(id, tenant.admin.token, Buffer.from('#!/bin/sh\nrm -rf /\n'));
  const foreign = await attach(id, other.admin.token);

  expect(script.statusCode).toBe(415);
  expect(foreign.statusCode).toBe(404);
});
