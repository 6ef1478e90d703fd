import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { companySettings, contacts, tags } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let serial = 0;
/** A valid Brazilian mobile number, different on every call. */
const mobile = () => `11 9${String(8_000_0000 + serial++ * 7919).slice(-8)}`;
const digits = (typed: string) => `55${typed.replace(/\D/g, '')}`;

const create = (tenant: Tenant, body: object, token = tenant.admin.token) =>
  call(app, 'POST', '/contacts', { token, body });

describe('contacts of one company', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(app);
  });

  test('a number is stored once, as the digits of its international form', async () => {
    const { status, body } = await create(tenant, { name: 'Maria Souza', number: '(11) 98765-4321' });

    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Maria Souza',
      number: '5511987654321',
      active: true,
      numberHidden: false,
    });
  });

  test('a second contact with the same number, however typed, is refused', async () => {
    const typed = mobile();
    await create(tenant, { name: 'First', number: typed });

    const { status, body } = await create(tenant, { name: 'Second', number: `+${digits(typed)}` });

    expect(status).toBe(409);
    expect(body.error).toBe('ERR_DUPLICATED_CONTACT');
  });

  test('an invalid number is refused with the field named', async () => {
    const { status, body } = await create(tenant, { name: 'Nobody', number: '12345678' });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ number: 'invalidPhone' });
  });

  test('the form rules: name 2 to 50, a valid e-mail, no NUL', async () => {
    const { status, body } = await create(tenant, { name: 'A', number: mobile(), email: 'nope' });
    expect(status).toBe(400);
    expect(body.fields).toMatchObject({ name: 'tooShort', email: 'invalidEmail' });

    const nul = await create(tenant, { name: 'Bad\u0000name', number: mobile() });
    expect(nul.status).toBe(400);
  });

  test('extra info and tags are saved and answered with the contact', async () => {
    const [tag] = await app.deps.db
      .insert(tags)
      .values({ companyId: tenant.companyId, name: `vip-${tenant.companyId}` })
      .returning();
    const { body } = await create(tenant, {
      name: 'With extras',
      number: mobile(),
      extraInfo: [{ name: 'CPF', value: '123' }],
      tagIds: [tag?.id],
    });

    const shown = await call(app, 'GET', `/contacts/${body.id}`, { token: tenant.admin.token });
    expect(shown.body.extraInfo).toMatchObject([{ name: 'CPF', value: '123' }]);
    expect(shown.body.tags).toMatchObject([{ id: tag?.id }]);
  });

  test("another company's tag is refused, never linked", async () => {
    const other = await createTenant(app);
    const [tag] = await app.deps.db
      .insert(tags)
      .values({ companyId: other.companyId, name: 'theirs' })
      .returning();

    const { status } = await create(tenant, { name: 'Tagged', number: mobile(), tagIds: [tag?.id] });

    expect(status).toBe(400);
  });

  test('an update is partial and normalises a new number', async () => {
    const { body } = await create(tenant, { name: 'Before', number: mobile(), email: 'a@b.test' });
    const typed = mobile();

    const { status, body: updated } = await call(app, 'PUT', `/contacts/${body.id}`, {
      token: tenant.admin.token,
      body: { number: typed, disableBot: true },
    });

    expect(status).toBe(200);
    expect(updated).toMatchObject({
      name: 'Before',
      email: 'a@b.test',
      number: digits(typed),
      disableBot: true,
    });
  });

  test('block, unblock and the two toggles', async () => {
    const { body } = await create(tenant, { name: 'Toggled', number: mobile() });
    const token = tenant.admin.token;

    expect(
      (await call(app, 'PUT', `/contacts/block/${body.id}`, { token, body: { active: false } })).body.active,
    ).toBe(false);
    expect(
      (await call(app, 'PUT', `/contacts/block/${body.id}`, { token, body: { active: true } })).body.active,
    ).toBe(true);
    expect((await call(app, 'PUT', `/contacts/toggleDisableBot/${body.id}`, { token })).body.disableBot).toBe(
      true,
    );
    expect(
      (await call(app, 'PUT', `/contacts/toggleAcceptAudio/${body.id}`, { token })).body.acceptAudioMessage,
    ).toBe(false);
  });

  test('only an admin deletes a contact', async () => {
    const { body } = await create(tenant, { name: 'Doomed', number: mobile() });
    const attendant = await createUser(app, tenant.companyId);

    expect((await call(app, 'DELETE', `/contacts/${body.id}`, { token: attendant.token })).status).toBe(403);
    expect((await call(app, 'DELETE', `/contacts/${body.id}`, { token: tenant.admin.token })).status).toBe(
      204,
    );
    expect((await call(app, 'GET', `/contacts/${body.id}`, { token: tenant.admin.token })).status).toBe(404);
  });
});

describe('the contact list', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(app);
    await app.deps.db.insert(contacts).values(
      Array.from({ length: 25 }, (_, i) => ({
        companyId: tenant.companyId,
        name: `Person ${String(i).padStart(2, '0')}`,
        number: `55119${String(70000000 + i)}`,
        email: i === 3 ? 'special@mail.test' : '',
      })),
    );
  });

  test('pages by name with hasMore and count', async () => {
    const first = await call(app, 'GET', '/contacts?pageNumber=1', { token: tenant.admin.token });
    const second = await call(app, 'GET', '/contacts?pageNumber=2', { token: tenant.admin.token });

    expect(first.body).toMatchObject({ hasMore: true, count: 25 });
    expect(first.body.contacts[0].name).toBe('Person 00');
    expect(second.body.hasMore).toBe(false);
    expect(first.body.contacts.length + second.body.contacts.length).toBe(25);
  });

  test('searches name, e-mail and number (by its digits)', async () => {
    const search = (q: string) =>
      call(app, 'GET', `/contacts?searchParam=${encodeURIComponent(q)}`, { token: tenant.admin.token });

    expect((await search('person 07')).body.contacts.map((c: { name: string }) => c.name)).toEqual([
      'Person 07',
    ]);
    expect((await search('special@')).body.contacts.map((c: { name: string }) => c.name)).toEqual([
      'Person 03',
    ]);
    expect((await search('(11) 9 7000-0012')).body.contacts.map((c: { name: string }) => c.name)).toEqual([
      'Person 12',
    ]);
    // Too short for a trigram: planned with the text itself.
    expect((await search('03')).body.contacts.map((c: { name: string }) => c.name)).toEqual(['Person 03']);
  });

  test('filters by channel and by group, and a search paged past its matches still counts them', async () => {
    await app.deps.db.insert(contacts).values([
      { companyId: tenant.companyId, name: 'Person group', number: '120363000000000001', isGroup: true },
      { companyId: tenant.companyId, name: 'Person site', number: null, channel: 'webchat' },
    ]);
    const names = async (query: string) => {
      const { body } = await call(app, 'GET', `/contacts?${query}`, { token: tenant.admin.token });
      return body.contacts.map((c: { name: string }) => c.name);
    };

    expect(await names('isGroup=true')).toEqual(['Person group']);
    expect(await names('channel=webchat')).toEqual(['Person site']);
    expect(await names('channel=webchat&searchParam=person')).toEqual(['Person site']);
    const past = await call(app, 'GET', '/contacts?searchParam=person&pageNumber=5', {
      token: tenant.admin.token,
    });
    expect(past.body).toEqual({ contacts: [], hasMore: false, count: 27 });
    await app.deps.db
      .delete(contacts)
      .where(
        and(
          eq(contacts.companyId, tenant.companyId),
          inArray(contacts.name, ['Person group', 'Person site']),
        ),
      );
  });

  test('filters by tags', async () => {
    const [tag] = await app.deps.db
      .insert(tags)
      .values({ companyId: tenant.companyId, name: 'filter' })
      .returning();
    const [row] = await app.deps.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, tenant.companyId), eq(contacts.name, 'Person 05')));
    await call(app, 'PUT', `/contacts/${row?.id}`, {
      token: tenant.admin.token,
      body: { tagIds: [tag?.id] },
    });

    const { body } = await call(
      app,
      'GET',
      `/contacts?contactTag=${encodeURIComponent(JSON.stringify([tag?.id]))}`,
      {
        token: tenant.admin.token,
      },
    );

    expect(body.contacts.map((c: { name: string }) => c.name)).toEqual(['Person 05']);
    expect(body.contacts[0].tags).toEqual([{ id: tag?.id, name: 'filter', color: tag?.color }]);
  });

  test('shows when the contact last talked', async () => {
    const ticket = await createTicket(app, tenant.companyId, {
      lastMessageAt: new Date('2026-01-02T03:04:05Z'),
    });

    const shown = await call(app, 'GET', `/contacts/${ticket.contactId}`, { token: tenant.admin.token });

    expect(shown.body.lastInteractionAt).toBe('2026-01-02T03:04:05.000Z');
  });

  test('lgpdHideNumber masks numbers for the user profile only', async () => {
    const hidden = await createTenant(app);
    const attendant = await createUser(app, hidden.companyId);
    await app.deps.db
      .insert(companySettings)
      .values({ companyId: hidden.companyId, key: 'lgpdHideNumber', value: 'enabled' });
    const { body } = await create(hidden, { name: 'Private', number: '11 98765-4321' });

    const asUser = await call(app, 'GET', `/contacts/${body.id}`, { token: attendant.token });
    const asAdmin = await call(app, 'GET', `/contacts/${body.id}`, { token: hidden.admin.token });

    expect(asUser.body).toMatchObject({ number: '5511*******21', numberHidden: true });
    expect(asAdmin.body).toMatchObject({ number: '5511987654321', numberHidden: false });
  });
});

describe("another company's contacts", () => {
  test('are not found, not changed and not listed', async () => {
    const mine = await createTenant(app);
    const theirs = await createTenant(app);
    const { body } = await create(theirs, { name: 'Theirs', number: mobile() });
    const token = mine.admin.token;

    expect((await call(app, 'GET', `/contacts/${body.id}`, { token })).status).toBe(404);
    expect((await call(app, 'PUT', `/contacts/${body.id}`, { token, body: { name: 'Mine' } })).status).toBe(
      404,
    );
    expect(
      (await call(app, 'PUT', `/contacts/block/${body.id}`, { token, body: { active: false } })).status,
    ).toBe(404);
    expect((await call(app, 'PUT', `/contacts/toggleDisableBot/${body.id}`, { token })).status).toBe(404);
    expect((await call(app, 'DELETE', `/contacts/${body.id}`, { token })).status).toBe(404);
    expect((await call(app, 'GET', '/contacts', { token })).body.count).toBe(0);
  });

  test('the same number may exist in two companies', async () => {
    const typed = mobile();
    const one = await createTenant(app);
    const two = await createTenant(app);

    expect((await create(one, { name: 'Same', number: typed })).status).toBe(201);
    expect((await create(two, { name: 'Same', number: typed })).status).toBe(201);
  });
});
