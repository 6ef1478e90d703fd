import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

describe('tags of one company', () => {
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    tenant = await createTenant(app);
  });
  const post = (body: object, token = tenant.admin.token) => call(app, 'POST', '/tags', { token, body });

  test('any user creates a tag, with the default colour and not a kanban lane', async () => {
    const attendant = await createUser(app, tenant.companyId);

    const { status, body } = await post({ name: 'Cliente VIP' }, attendant.token);

    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Cliente VIP',
      color: '#5C6BC0',
      kanban: 0,
      userId: attendant.id,
      contactsCount: 0,
      ticketsCount: 0,
    });
  });

  test("a name under 3 characters is refused with the spec's short-tag message", async () => {
    const { status, body } = await post({ name: 'ab' });

    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: 'tagTooShort' } });
  });

  test('a name the company already has, in any case, is refused as ERR_TAG_ALREADY_EXISTS', async () => {
    await post({ name: 'Financeiro' });

    const { status, body } = await post({ name: 'FINANCEIRO' });

    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'ERR_TAG_ALREADY_EXISTS', fields: { name: 'tagTaken' } });
  });

  test('another company may use the same name', async () => {
    const other = await createTenant(app);
    await post({ name: 'Suporte' });

    const { status } = await post({ name: 'Suporte' }, other.admin.token);

    expect(status).toBe(201);
  });

  test('renaming onto an existing name is refused too', async () => {
    await post({ name: 'Compras' });
    const { body: vendas } = await post({ name: 'Vendas' });

    const { status, body } = await call(app, 'PUT', `/tags/${vendas.id}`, {
      token: tenant.admin.token,
      body: { name: 'compras' },
    });

    expect(status).toBe(409);
    expect(body.error).toBe('ERR_TAG_ALREADY_EXISTS');
  });

  test('a bad colour is refused', async () => {
    const { status, body } = await post({ name: 'Cor ruim', color: 'red; drop' });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ color: 'invalidValue' });
  });

  test('a supervisor edits colour and kanban flag; an update sends only what changes', async () => {
    const supervisor = await createUser(app, tenant.companyId, { profile: 'supervisor' });
    const { body: created } = await post({ name: 'Em negociação', color: '#FF0000' });

    const { status, body } = await call(app, 'PUT', `/tags/${created.id}`, {
      token: supervisor.token,
      body: { kanban: 1 },
    });

    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Em negociação', color: '#FF0000', kanban: 1 });
  });

  test('an attendant may neither edit nor delete a tag', async () => {
    const attendant = await createUser(app, tenant.companyId);
    const { body: created } = await post({ name: 'Protegida' });

    const edit = await call(app, 'PUT', `/tags/${created.id}`, {
      token: attendant.token,
      body: { name: 'Mudada' },
    });
    const remove = await call(app, 'DELETE', `/tags/${created.id}`, { token: attendant.token });

    expect([edit.status, remove.status]).toEqual([403, 403]);
  });

  test('an admin deletes a tag', async () => {
    const { body: created } = await post({ name: 'Temporária' });

    const { status } = await call(app, 'DELETE', `/tags/${created.id}`, { token: tenant.admin.token });

    expect(status).toBe(204);
    const after = await call(app, 'GET', `/tags/${created.id}`, { token: tenant.admin.token });
    expect(after.status).toBe(404);
  });
});

describe('listing tags', () => {
  test('pages of 20 by name, with hasMore and count, searched by name', async () => {
    const tenant = await createTenant(app);
    for (let i = 1; i <= 22; i++) {
      await call(app, 'POST', '/tags', {
        token: tenant.admin.token,
        body: { name: `Etiqueta ${String(i).padStart(2, '0')}` },
      });
    }
    await call(app, 'POST', '/tags', { token: tenant.admin.token, body: { name: 'Outra 50%' } });

    const first = await call(app, 'GET', '/tags?pageNumber=1', { token: tenant.admin.token });
    const second = await call(app, 'GET', '/tags?pageNumber=2', { token: tenant.admin.token });
    const search = await call(app, 'GET', '/tags?searchParam=50%25', { token: tenant.admin.token });

    expect(first.body).toMatchObject({ hasMore: true, count: 23 });
    expect(first.body.tags).toHaveLength(20);
    expect(first.body.tags[0].name).toBe('Etiqueta 01');
    expect(second.body.hasMore).toBe(false);
    expect(second.body.tags).toHaveLength(3);
    expect(search.body.tags.map((t: { name: string }) => t.name)).toEqual(['Outra 50%']);
  });

  test('the kanban filter and the picker list', async () => {
    const tenant = await createTenant(app);
    await call(app, 'POST', '/tags', { token: tenant.admin.token, body: { name: 'Lane', kanban: 1 } });
    await call(app, 'POST', '/tags', { token: tenant.admin.token, body: { name: 'Plain' } });

    const lanes = await call(app, 'GET', '/tags?kanban=true', { token: tenant.admin.token });
    const options = await call(app, 'GET', '/tags/list', { token: tenant.admin.token });

    expect(lanes.body.tags.map((t: { name: string }) => t.name)).toEqual(['Lane']);
    expect(options.body).toEqual([
      { id: expect.any(Number), name: 'Lane', color: '#5C6BC0', kanban: 1 },
      { id: expect.any(Number), name: 'Plain', color: '#5C6BC0', kanban: 0 },
    ]);
  });

  test("another company's tags are not listed and answer 404", async () => {
    const mine = await createTenant(app);
    const theirs = await createTenant(app);
    const { body: foreign } = await call(app, 'POST', '/tags', {
      token: theirs.admin.token,
      body: { name: 'Deles' },
    });

    const list = await call(app, 'GET', '/tags', { token: mine.admin.token });
    const options = await call(app, 'GET', '/tags/list', { token: mine.admin.token });
    const show = await call(app, 'GET', `/tags/${foreign.id}`, { token: mine.admin.token });
    const edit = await call(app, 'PUT', `/tags/${foreign.id}`, {
      token: mine.admin.token,
      body: { name: 'Nossa' },
    });
    const remove = await call(app, 'DELETE', `/tags/${foreign.id}`, { token: mine.admin.token });

    expect(list.body.tags).toEqual([]);
    expect(options.body).toEqual([]);
    expect([show.status, edit.status, remove.status]).toEqual([404, 404, 404]);
    expect(edit.body.error).toBe('ERR_NO_TAG_FOUND');
    const still = await call(app, 'GET', `/tags/${foreign.id}`, { token: theirs.admin.token });
    expect(still.body.name).toBe('Deles');
  });
});
