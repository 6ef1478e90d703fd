import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser, type TestUser } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const create = (token: string, body: object) => call(app, 'POST', '/quick-messages', { token, body });
const codes = (records: { shortcode: string }[]) => records.map((r) => r.shortcode);

describe('quick messages by profile and owner', () => {
  let tenant: Tenant;
  let attendant: TestUser;
  let colleague: TestUser;
  let supervisor: TestUser;
  beforeAll(async () => {
    tenant = await createTenant(app);
    attendant = await createUser(app, tenant.companyId);
    colleague = await createUser(app, tenant.companyId);
    supervisor = await createUser(app, tenant.companyId, { profile: 'supervisor' });
  });

  test('an attendant creates their own quick message', async () => {
    const { status, body } = await create(attendant.token, { shortcode: 'oi', message: 'Olá, tudo bem?' });

    expect(status).toBe(201);
    expect(body).toMatchObject({
      shortcode: 'oi',
      message: 'Olá, tudo bem?',
      geral: false,
      status: true,
      isCategory: false,
      categoryId: null,
      mediaPath: null,
      isMedia: false,
      userId: attendant.id,
    });
  });

  test("only an admin or a supervisor may make one 'geral'", async () => {
    const byAttendant = await create(attendant.token, { shortcode: 'g1', message: 'x', geral: true });
    const bySupervisor = await create(supervisor.token, { shortcode: 'g2', message: 'x', geral: true });
    const own = await create(attendant.token, { shortcode: 'g3', message: 'x' });
    const promoted = await call(app, 'PUT', `/quick-messages/${own.body.id}`, {
      token: attendant.token,
      body: { geral: true },
    });

    expect(byAttendant).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(bySupervisor.status).toBe(201);
    expect(promoted.status).toBe(403);
  });

  test('a message is required unless the item is a category', async () => {
    const plain = await create(attendant.token, { shortcode: 'vazio' });
    const category = await create(attendant.token, { shortcode: 'Saudações', isCategory: true });

    expect(plain).toMatchObject({ status: 400, body: { fields: { message: 'required' } } });
    expect(category.status).toBe(201);
  });

  test('an update may not leave a message empty', async () => {
    const { body: created } = await create(attendant.token, { shortcode: 'cheio', message: 'texto' });

    const { status, body } = await call(app, 'PUT', `/quick-messages/${created.id}`, {
      token: attendant.token,
      body: { message: '' },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ message: 'required' });
  });

  test("an attendant lists their own and the 'geral' ones; a supervisor lists all", async () => {
    const company = await createTenant(app);
    const me = await createUser(app, company.companyId);
    const other = await createUser(app, company.companyId);
    const boss = await createUser(app, company.companyId, { profile: 'supervisor' });
    await create(me.token, { shortcode: 'a-mine', message: 'x' });
    await create(other.token, { shortcode: 'b-other', message: 'x' });
    await create(boss.token, { shortcode: 'c-geral', message: 'x', geral: true });

    const mine = await call(app, 'GET', '/quick-messages', { token: me.token });
    const all = await call(app, 'GET', '/quick-messages', { token: boss.token });

    expect(codes(mine.body.records)).toEqual(['a-mine', 'c-geral']);
    expect(mine.body).toMatchObject({ hasMore: false, count: 2 });
    expect(codes(all.body.records)).toEqual(['a-mine', 'b-other', 'c-geral']);
  });

  test("the composer's list holds the caller's own and the 'geral' ones, active, without categories", async () => {
    const company = await createTenant(app);
    const me = await createUser(app, company.companyId);
    const other = await createUser(app, company.companyId);
    await create(me.token, { shortcode: 'mine', message: 'x' });
    await create(me.token, { shortcode: 'off', message: 'x', status: false });
    await create(me.token, { shortcode: 'group', isCategory: true });
    await create(other.token, { shortcode: 'theirs', message: 'x' });
    await create(company.admin.token, { shortcode: 'shared', message: 'x', geral: true });

    const asUser = await call(app, 'GET', '/quick-messages/list', { token: me.token });
    const asAdmin = await call(app, 'GET', '/quick-messages/list', { token: company.admin.token });

    expect(codes(asUser.body)).toEqual(['mine', 'shared']);
    expect(codes(asAdmin.body)).toEqual(['shared']);
  });

  test("an attendant edits and deletes their own; not a colleague's, nor a 'geral' one", async () => {
    const { body: mine } = await create(attendant.token, { shortcode: 'meu', message: 'x' });
    const { body: theirs } = await create(colleague.token, { shortcode: 'dele', message: 'x' });
    const { body: shared } = await create(supervisor.token, {
      shortcode: 'todos',
      message: 'x',
      geral: true,
    });

    const edit = await call(app, 'PUT', `/quick-messages/${mine.id}`, {
      token: attendant.token,
      body: { message: 'novo' },
    });
    const editTheirs = await call(app, 'PUT', `/quick-messages/${theirs.id}`, {
      token: attendant.token,
      body: { message: 'novo' },
    });
    const deleteShared = await call(app, 'DELETE', `/quick-messages/${shared.id}`, {
      token: attendant.token,
    });
    const deleteMine = await call(app, 'DELETE', `/quick-messages/${mine.id}`, { token: attendant.token });

    expect(edit.body.message).toBe('novo');
    expect(editTheirs).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUICK_MESSAGE_FOUND' } });
    expect(deleteShared).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(deleteMine.status).toBe(204);
  });

  test("a supervisor edits and deletes anyone's", async () => {
    const { body: theirs } = await create(colleague.token, { shortcode: 'revisar', message: 'x' });

    const edit = await call(app, 'PUT', `/quick-messages/${theirs.id}`, {
      token: supervisor.token,
      body: { message: 'revisado' },
    });
    const remove = await call(app, 'DELETE', `/quick-messages/${theirs.id}`, { token: supervisor.token });

    expect(edit.body).toMatchObject({ message: 'revisado', userId: colleague.id });
    expect(remove.status).toBe(204);
  });

  test('a category must be a category the caller can read', async () => {
    const { body: category } = await create(attendant.token, { shortcode: 'Vendas', isCategory: true });
    const { body: notCategory } = await create(attendant.token, { shortcode: 'item', message: 'x' });
    const { body: hidden } = await create(colleague.token, { shortcode: 'Oculta', isCategory: true });

    const ok = await create(attendant.token, { shortcode: 'preço', message: 'x', categoryId: category.id });
    const bad = await create(attendant.token, { shortcode: 'a', message: 'x', categoryId: notCategory.id });
    const unseen = await create(attendant.token, { shortcode: 'b', message: 'x', categoryId: hidden.id });

    expect(ok.body.categoryId).toBe(category.id);
    expect(bad).toMatchObject({ status: 400, body: { fields: { categoryId: 'invalidValue' } } });
    expect(unseen.status).toBe(400);
  });
});

test("another company's quick messages are not listed and answer 404", async () => {
  const mine = await createTenant(app);
  const theirs = await createTenant(app);
  const { body: foreign } = await create(theirs.admin.token, { shortcode: 'x', message: 'x', geral: true });
  const token = mine.admin.token;

  const list = await call(app, 'GET', '/quick-messages', { token });
  const composer = await call(app, 'GET', '/quick-messages/list', { token });
  const show = await call(app, 'GET', `/quick-messages/${foreign.id}`, { token });
  const edit = await call(app, 'PUT', `/quick-messages/${foreign.id}`, { token, body: { message: 'y' } });
  const remove = await call(app, 'DELETE', `/quick-messages/${foreign.id}`, { token });
  const unmedia = await call(app, 'DELETE', `/quick-messages/${foreign.id}/media-upload`, { token });

  expect(list.body.records).toEqual([]);
  expect(composer.body).toEqual([]);
  expect([show.status, edit.status, remove.status, unmedia.status]).toEqual([404, 404, 404, 404]);
  const still = await call(app, 'GET', `/quick-messages/${foreign.id}`, { token: theirs.admin.token });
  expect(still.body.message).toBe('x');
});

test('searching matches shortcode or message, in pages of 20', async () => {
  const tenant = await createTenant(app);
  for (let i = 1; i <= 21; i++) {
    await create(tenant.admin.token, { shortcode: `s${String(i).padStart(2, '0')}`, message: 'texto' });
  }
  await create(tenant.admin.token, { shortcode: 'zz', message: 'boleto vencido' });

  const first = await call(app, 'GET', '/quick-messages', { token: tenant.admin.token });
  const second = await call(app, 'GET', '/quick-messages?pageNumber=2', { token: tenant.admin.token });
  const found = await call(app, 'GET', '/quick-messages?searchParam=BOLETO', { token: tenant.admin.token });

  expect(first.body).toMatchObject({ hasMore: true, count: 22 });
  expect(first.body.records).toHaveLength(20);
  expect(codes(second.body.records)).toEqual(['s21', 'zz']);
  expect(codes(found.body.records)).toEqual(['zz']);
});

test('the categories alone, for the modal', async () => {
  const tenant = await createTenant(app);
  await create(tenant.admin.token, { shortcode: 'Vendas', isCategory: true });
  await create(tenant.admin.token, { shortcode: 'preço', message: 'x' });

  const categories = await call(app, 'GET', '/quick-messages?isCategory=true', { token: tenant.admin.token });
  const items = await call(app, 'GET', '/quick-messages?isCategory=false', { token: tenant.admin.token });

  expect(codes(categories.body.records)).toEqual(['Vendas']);
  expect(codes(items.body.records)).toEqual(['preço']);
});
