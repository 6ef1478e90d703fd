import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const create = (token: string, body: object) => call(app, 'POST', '/files', { token, body });

function upload(
  listId: number,
  token: string,
  fileId: number | string,
  bytes: Buffer,
  filename = 'tabela.pdf',
) {
  const boundary = '----balcao';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileId"\r\n\r\n${fileId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`),
    Buffer.from('Content-Type: application/pdf\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/files/uploadList/${listId}`,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

describe('file lists', () => {
  let tenant: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(app);
    other = await createTenant(app);
  });

  test('a list is created with its rows, and a row gets its file through the storage layer', async () => {
    const { status, body } = await create(tenant.admin.token, {
      name: 'Catálogo',
      message: 'Segue o catálogo',
      options: [{ name: 'Preços' }, { name: 'Fotos' }],
    });
    const row = body.options[0];

    const uploaded = await upload(body.id, tenant.admin.token, row.id, PDF);
    const path = uploaded.json().options[0].path as string;
    const served = await app.inject({ method: 'GET', url: path });

    expect(status).toBe(201);
    expect(body.options.map((o: { name: string }) => o.name)).toEqual(['Preços', 'Fotos']);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().options[0]).toMatchObject({ mediaType: 'document', mediaName: 'tabela.pdf' });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  test('a file that is none of the accepted kinds is refused', async () => {
    const { body } = await create(tenant.admin.token, {
      name: 'Scripts',
      message: 'x',
      options: [{ name: 'a' }],
    });

    const answer = await upload(
      body.id,
      tenant.admin.token,
      body.options[0].id,
      Buffer.from('#!/bin/sh\nrm -rf /'),
    );

    expect(answer.statusCode).toBe(415);
    expect(answer.json().error).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
  });

  test('saving keeps rows sent with their id and deletes the rows left out', async () => {
    const { body } = await create(tenant.admin.token, {
      name: 'Manuais',
      message: 'Manuais',
      options: [{ name: 'Um' }, { name: 'Dois' }],
    });
    const [one] = body.options;
    await upload(body.id, tenant.admin.token, one.id, PDF);

    const saved = await call(app, 'PUT', `/files/${body.id}`, {
      token: tenant.admin.token,
      body: {
        name: 'Manuais',
        message: 'Manuais',
        options: [{ id: one.id, name: 'Um (novo)' }, { name: 'Três' }],
      },
    });

    expect(saved.body.options).toMatchObject([
      { id: one.id, name: 'Um (novo)', mediaName: 'tabela.pdf' },
      { name: 'Três', path: null },
    ]);
  });

  test("the spec's rules: a name of at least 3 and a message", async () => {
    const answer = await create(tenant.admin.token, { name: 'ab', message: '' });

    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { name: 'tooShort', message: 'required' } },
    });
  });

  test('list pages and searches by name', async () => {
    const own = await createTenant(app);
    for (let i = 0; i < 21; i++) await create(own.admin.token, { name: `Lista ${i}`, message: 'm' });
    await create(own.admin.token, { name: 'Promoções', message: 'm', options: [{ name: 'x' }] });

    const first = await call(app, 'GET', '/files', { token: own.admin.token });
    const found = await call(app, 'GET', '/files?searchParam=promo', { token: own.admin.token });

    expect(first.body).toMatchObject({ hasMore: true, count: 22 });
    expect(found.body.files).toMatchObject([{ name: 'Promoções', options: [{ name: 'x' }] }]);
  });

  test("another company's list is not found, and its rows cannot receive files", async () => {
    const { body } = await create(other.admin.token, {
      name: 'Alheia',
      message: 'm',
      options: [{ name: 'a' }],
    });
    const mine = await create(tenant.admin.token, { name: 'Minha', message: 'm' });

    const read = await call(app, 'GET', `/files/${body.id}`, { token: tenant.admin.token });
    const changed = await call(app, 'PUT', `/files/${body.id}`, {
      token: tenant.admin.token,
      body: { name: 'abc', message: 'm' },
    });
    const deleted = await call(app, 'DELETE', `/files/${body.id}`, { token: tenant.admin.token });
    const intoTheirs = await upload(body.id, tenant.admin.token, body.options[0].id, PDF);
    const theirRowInMine = await upload(mine.body.id, tenant.admin.token, body.options[0].id, PDF);

    for (const answer of [read, changed, deleted]) expect(answer.status).toBe(404);
    expect(intoTheirs.statusCode).toBe(404);
    expect(theirRowInMine.statusCode).toBe(404);
  });

  test('attendants are refused', async () => {
    const attendant = await createUser(app, tenant.companyId);

    const answer = await call(app, 'GET', '/files', { token: attendant.token });

    expect(answer.status).toBe(403);
  });
});
