import { events } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { contactListItems, contactLists } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

async function newList(token: string, name = 'Clientes VIP') {
  const { status, body } = await call(app, 'POST', '/contact-lists', { token, body: { name } });
  expect(status).toBe(201);
  return body as { id: number; name: string };
}

const addItem = (token: string, body: Record<string, unknown>) =>
  call(app, 'POST', '/contact-list-items', { token, body });

describe('contact lists', () => {
  test('a list is created, renamed, listed with its counts and deleted', async () => {
    const { admin } = await createTenant(app);
    const list = await newList(admin.token);
    await addItem(admin.token, { contactListId: list.id, name: 'Ana', number: '11 98888-0001' });
    await addItem(admin.token, { contactListId: list.id, name: 'Bia', number: '11 98888-0002' });

    const renamed = await call(app, 'PUT', `/contact-lists/${list.id}`, {
      token: admin.token,
      body: { name: 'Clientes' },
    });
    const page = await call(app, 'GET', '/contact-lists?searchParam=client', { token: admin.token });

    expect(renamed.body).toMatchObject({ id: list.id, name: 'Clientes', contactsCount: 2 });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect(page.body.records[0]).toMatchObject({ id: list.id, contactsCount: 2, validCount: 0 });
    const options = await call(app, 'GET', '/contact-lists/list', { token: admin.token });
    expect(options.body.map((l: { id: number }) => l.id)).toEqual([list.id]);

    const deleted = await call(app, 'DELETE', `/contact-lists/${list.id}`, { token: admin.token });

    expect(deleted.status).toBe(204);
    expect((await call(app, 'GET', `/contact-lists/${list.id}`, { token: admin.token })).status).toBe(404);
  });

  test('a name outside 2 to 50 characters is refused with its field', async () => {
    const { admin } = await createTenant(app);

    const short = await call(app, 'POST', '/contact-lists', { token: admin.token, body: { name: 'A' } });
    const long = await call(app, 'POST', '/contact-lists', {
      token: admin.token,
      body: { name: 'A'.repeat(51) },
    });

    expect(short).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'tooShort' } },
    });
    expect(long).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { name: 'tooLong' } },
    });
  });

  test('pages hold 20 lists and say whether more follow', async () => {
    const { admin, companyId } = await createTenant(app);
    await app.deps.db
      .insert(contactLists)
      .values(
        Array.from({ length: 25 }, (_, i) => ({ companyId, name: `Lista ${String(i).padStart(2, '0')}` })),
      );

    const first = await call(app, 'GET', '/contact-lists?pageNumber=1', { token: admin.token });
    const second = await call(app, 'GET', '/contact-lists?pageNumber=2', { token: admin.token });

    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.records.map((l: { name: string }) => l.name)).toEqual([
      'Lista 20',
      'Lista 21',
      'Lista 22',
      'Lista 23',
      'Lista 24',
    ]);
  });

  test("another company's list and its items are not found", async () => {
    const owner = await createTenant(app);
    const other = await createTenant(app);
    const list = await newList(owner.admin.token);
    const item = await addItem(owner.admin.token, {
      contactListId: list.id,
      name: 'Ana',
      number: '11988880001',
    });
    const token = other.admin.token;

    const answers = await Promise.all([
      call(app, 'GET', `/contact-lists/${list.id}`, { token }),
      call(app, 'PUT', `/contact-lists/${list.id}`, { token, body: { name: 'Minha' } }),
      call(app, 'DELETE', `/contact-lists/${list.id}`, { token }),
      call(app, 'GET', `/contact-list-items?contactListId=${list.id}`, { token }),
      addItem(token, { contactListId: list.id, name: 'Intrusa', number: '11988880009' }),
      call(app, 'POST', `/contact-lists/${list.id}/from-contacts`, { token, body: {} }),
      call(app, 'POST', `/contact-lists/${list.id}/check-numbers`, { token }),
    ]);
    const itemAnswers = await Promise.all([
      call(app, 'GET', `/contact-list-items/${item.body.id}`, { token }),
      call(app, 'PUT', `/contact-list-items/${item.body.id}`, { token, body: { name: 'Outra' } }),
      call(app, 'DELETE', `/contact-list-items/${item.body.id}`, { token }),
    ]);

    for (const answer of answers)
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_LIST_FOUND' } });
    for (const answer of itemAnswers)
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_LIST_ITEM_FOUND' } });
    const kept = await call(app, 'GET', `/contact-list-items/${item.body.id}`, { token: owner.admin.token });
    expect(kept.body).toMatchObject({ name: 'Ana', number: '5511988880001' });
    expect(
      (await call(app, 'GET', `/contact-lists/${list.id}`, { token: owner.admin.token })).body.name,
    ).toBe('Clientes VIP');
  });

  test('a plan without campaigns and a user who is not an admin are refused', async () => {
    const planless = await createTenant(app, { plan: { useCampaigns: false } });
    const tenant = await createTenant(app);
    const agent = await createUser(app, tenant.companyId);

    const byPlan = await call(app, 'GET', '/contact-lists', { token: planless.admin.token });
    const byProfile = await call(app, 'POST', '/contact-lists', {
      token: agent.token,
      body: { name: 'Minha' },
    });
    const itemsByProfile = await call(app, 'GET', '/contact-list-items?contactListId=1', {
      token: agent.token,
    });

    expect(byPlan).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    expect(byProfile).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(itemsByProfile).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('contact list items', () => {
  test('an item is stored with its number in international form, edited and deleted', async () => {
    const { admin } = await createTenant(app);
    const list = await newList(admin.token);

    const created = await addItem(admin.token, {
      contactListId: list.id,
      name: 'Ana',
      number: '(11) 98888-0001',
      email: 'ANA@Test.local',
    });
    const edited = await call(app, 'PUT', `/contact-list-items/${created.body.id}`, {
      token: admin.token,
      body: { name: 'Ana Maria' },
    });

    expect(created).toMatchObject({
      status: 201,
      body: { name: 'Ana', number: '5511988880001', email: 'ana@test.local', contactListId: list.id },
    });
    expect(edited.body).toMatchObject({
      name: 'Ana Maria',
      number: '5511988880001',
      email: 'ana@test.local',
    });
    const read = await call(app, 'GET', `/contact-list-items?contactListId=${list.id}&searchParam=98888`, {
      token: admin.token,
    });
    expect(read.body).toMatchObject({ count: 1, hasMore: false, contacts: [{ name: 'Ana Maria' }] });

    expect(
      (await call(app, 'DELETE', `/contact-list-items/${created.body.id}`, { token: admin.token })).status,
    ).toBe(204);
    expect(
      (await call(app, 'GET', `/contact-lists/${list.id}`, { token: admin.token })).body.contactsCount,
    ).toBe(0);
  });

  test('a number the list has, in any spelling, is refused as a duplicate', async () => {
    const { admin } = await createTenant(app);
    const list = await newList(admin.token);
    await addItem(admin.token, { contactListId: list.id, name: 'Ana', number: '5511988880001' });

    const again = await addItem(admin.token, {
      contactListId: list.id,
      name: 'Ana 2',
      number: '+55 11 98888-0001',
    });

    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_LIST_ITEM' } });
  });

  test("the spec's validation: name 2 to 50, number 8 to 50 and a phone, a valid e-mail", async () => {
    const { admin } = await createTenant(app);
    const list = await newList(admin.token);
    const base = { contactListId: list.id, name: 'Ana', number: '11988880001' };

    const answers = await Promise.all([
      addItem(admin.token, { ...base, name: 'A' }),
      addItem(admin.token, { ...base, number: '1234567' }),
      addItem(admin.token, { ...base, number: '12345678' }),
      addItem(admin.token, { ...base, email: 'not-an-email' }),
      addItem(admin.token, { contactListId: list.id, number: '11988880001' }),
    ]);

    expect(answers.map((a) => a.body.fields)).toEqual([
      { name: 'tooShort' },
      { number: 'tooShort' },
      { number: 'invalidPhone' },
      { email: 'invalidEmail' },
      { name: 'required' },
    ]);
  });

  test('changing the number forgets what WhatsApp said about the old one', async () => {
    const { admin } = await createTenant(app);
    const list = await newList(admin.token);
    const item = await addItem(admin.token, { contactListId: list.id, name: 'Ana', number: '11988880001' });
    // Set by hand: no connection of this company answers.
    await app.deps.db
      .update(contactListItems)
      .set({ isWhatsappValid: true })
      .where(eq(contactListItems.id, item.body.id));

    const renamed = await call(app, 'PUT', `/contact-list-items/${item.body.id}`, {
      token: admin.token,
      body: { name: 'Ana B' },
    });
    const renumbered = await call(app, 'PUT', `/contact-list-items/${item.body.id}`, {
      token: admin.token,
      body: { number: '11988880002' },
    });

    expect(renamed.body.isWhatsappValid).toBe(true);
    expect(renumbered.body).toMatchObject({ number: '5511988880002', isWhatsappValid: null });
  });
});

describe('live events', () => {
  test("the company's admins hear lists and items change; an agent and another company do not", async () => {
    const tenant = await createTenant(app);
    const agent = await createUser(app, tenant.companyId);
    const stranger = await createTenant(app);
    const admins = collect<{ action: string }>(
      await live.connect({ token: tenant.admin.token }),
      events.contactList(tenant.companyId),
    );
    const items = collect<{ action: string }>(
      await live.connect({ token: tenant.admin.token }),
      events.contactListItem(tenant.companyId),
    );
    const agentSocket = await live.connect({ token: agent.token });
    const agents = collect(agentSocket, events.contactList(tenant.companyId));
    const strangerSocket = await live.connect({ token: stranger.admin.token });
    const strangers = collect(strangerSocket, events.contactList(tenant.companyId));

    const list = await newList(tenant.admin.token);
    const item = await addItem(tenant.admin.token, {
      contactListId: list.id,
      name: 'Ana',
      number: '11988880001',
    });
    await call(app, 'DELETE', `/contact-lists/${list.id}`, { token: tenant.admin.token });

    await waitFor(
      async () => admins,
      (seen) => seen.some((e) => e.action === 'delete'),
    );
    expect(admins[0]).toMatchObject({ action: 'create', record: { id: list.id, contactsCount: 0 } });
    expect(admins).toContainEqual(
      expect.objectContaining({ action: 'update', record: expect.objectContaining({ contactsCount: 1 }) }),
    );
    expect(items).toContainEqual({ action: 'create', record: expect.objectContaining({ id: item.body.id }) });
    await live.drain(agentSocket, strangerSocket);
    expect(agents).toEqual([]);
    expect(strangers).toEqual([]);
  });
});
