import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createQueue, createTenant, createUser, PASSWORD } from '../../../test/fixtures.js';
import { queues, userQueues, users } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, bytes: Buffer, type: string) {
  const boundary = '----balcao';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n`,
    ),
    Buffer.from(`Content-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('users of one company', () => {
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    tenant = await createTenant(app);
  });

  test('an admin creates a user with the defaults of a new user', async () => {
    const { status, body } = await call(app, 'POST', '/users', {
      token: tenant.admin.token,
      body: { name: 'Maria Souza', email: `maria-${tenant.companyId}@example.test`, password: 'Secret-1a' },
    });

    expect(status).toBe(201);
    expect(body).toMatchObject({
      companyId: tenant.companyId,
      profile: 'user',
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'disable',
      allowGroup: false,
      // Not chosen yet: the web app follows the device's light or dark preference until they choose.
      defaultTheme: 'system',
      defaultMenu: 'open',
      queues: [],
    });
    const login = await call(app, 'POST', '/auth/login', {
      body: { email: `maria-${tenant.companyId}@example.test`, password: 'Secret-1a' },
    });
    expect(login.status).toBe(200);
  });

  test('answers the validation message of each bad field', async () => {
    const { status, body } = await call(app, 'POST', '/users', {
      token: tenant.admin.token,
      body: { name: 'A', email: 'nope', password: '123' },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ name: 'tooShort', email: 'invalidEmail', password: 'passwordTooShort' });
  });

  test('refuses an e-mail already in use, in any company', async () => {
    const other = await createTenant(app);

    const { status, body } = await call(app, 'POST', '/users', {
      token: tenant.admin.token,
      body: { name: 'Copy Cat', email: other.admin.email, password: 'Secret-1a' },
    });

    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'ERR_EMAIL_ALREADY_EXISTS', fields: { email: 'emailTaken' } });
  });

  test('an attendant can neither list nor create users', async () => {
    const attendant = await createUser(app, tenant.companyId);

    const list = await call(app, 'GET', '/users', { token: attendant.token });
    const create = await call(app, 'POST', '/users', {
      token: attendant.token,
      body: { name: 'Someone', email: 'someone@example.test', password: 'Secret-1a' },
    });

    expect(list).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(create).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  test('a user changes their own language but cannot make themselves admin', async () => {
    const attendant = await createUser(app, tenant.companyId);

    const language = await call(app, 'PUT', `/users/${attendant.id}`, {
      token: attendant.token,
      body: { language: 'en' },
    });
    const promote = await call(app, 'PUT', `/users/${attendant.id}`, {
      token: attendant.token,
      body: { profile: 'admin' },
    });
    const unchanged = await call(app, 'PUT', `/users/${attendant.id}`, {
      token: attendant.token,
      body: { profile: 'user', name: 'Renamed Me' },
    });

    expect(language).toMatchObject({ status: 200, body: { language: 'en' } });
    expect(promote).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(unchanged).toMatchObject({ status: 200, body: { name: 'Renamed Me', profile: 'user' } });
    const empty = await call(app, 'PUT', `/users/${attendant.id}`, { token: attendant.token, body: {} });
    expect(empty.status).toBe(200);
  });

  test('the plan limits how many users a company has', async () => {
    const small = await createTenant(app, { plan: { users: 2 } });
    const body = (n: number) => ({
      name: `Person ${n}`,
      email: `limit-${small.companyId}-${n}@example.test`,
      password: 'Secret-1a',
    });

    const second = await call(app, 'POST', '/users', { token: small.admin.token, body: body(2) });
    const third = await call(app, 'POST', '/users', { token: small.admin.token, body: body(3) });

    expect(second.status).toBe(201);
    expect(third).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_USER_LIMIT' } });
  });

  test('lists page by page and searches by name or e-mail', async () => {
    const crowd = await createTenant(app, { plan: { users: 100 } });
    for (let i = 0; i < 24; i++)
      await createUser(app, crowd.companyId, { name: `Crowd ${String(i).padStart(2, '0')}` });
    await createUser(app, crowd.companyId, { name: 'Zélia Unique' });

    const first = await call(app, 'GET', '/users?pageNumber=1', { token: crowd.admin.token });
    const second = await call(app, 'GET', '/users?pageNumber=2', { token: crowd.admin.token });
    const search = await call(app, 'GET', '/users?searchParam=z%C3%A9lia', { token: crowd.admin.token });

    expect(first.body).toMatchObject({ count: 26, hasMore: true });
    expect(first.body.users).toHaveLength(20);
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.users).toHaveLength(6);
    expect(search.body.users.map((u: { name: string }) => u.name)).toEqual(['Zélia Unique']);
  });

  test('an admin cannot delete themselves; deleting another user removes them', async () => {
    const doomed = await createUser(app, tenant.companyId);

    const self = await call(app, 'DELETE', `/users/${tenant.admin.id}`, { token: tenant.admin.token });
    const removed = await call(app, 'DELETE', `/users/${doomed.id}`, { token: tenant.admin.token });
    const after = await call(app, 'GET', `/users/${doomed.id}`, { token: tenant.admin.token });

    expect(self).toMatchObject({ status: 400, body: { error: 'ERR_CANNOT_DELETE_SELF' } });
    expect(removed.status).toBe(204);
    expect(after).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
  });

  test('an attendant cannot delete a user, who stays', async () => {
    const attendant = await createUser(app, tenant.companyId);
    const colleague = await createUser(app, tenant.companyId);

    const removed = await call(app, 'DELETE', `/users/${colleague.id}`, { token: attendant.token });
    const after = await call(app, 'GET', `/users/${colleague.id}`, { token: tenant.admin.token });

    expect(removed).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(after.status).toBe(200);
  });

  test('/users/list answers id and name for pickers', async () => {
    const { status, body } = await call(app, 'GET', '/users/list', { token: tenant.admin.token });

    expect(status).toBe(200);
    expect(body).toContainEqual({ id: tenant.admin.id, name: expect.any(String) });
    expect(Object.keys(body[0]).sort()).toEqual(['id', 'name']);
  });

  test('/users/list with a queue answers only its members and the admins', async () => {
    const company = await createTenant(app);
    const member = await createUser(app, company.companyId);
    const outsider = await createUser(app, company.companyId);
    const [queue] = await app.deps.db
      .insert(queues)
      .values({ companyId: company.companyId, name: 'Vendas', color: '#123456' })
      .returning();
    await app.deps.db.insert(userQueues).values({ userId: member.id, queueId: queue?.id as number });

    const { body } = await call(app, 'GET', `/users/list?queueId=${queue?.id}`, { token: member.token });

    const ids = body.map((u: { id: number }) => u.id);
    expect(ids).toContain(member.id);
    expect(ids).toContain(company.admin.id);
    expect(ids).not.toContain(outsider.id);
  });
});

describe('tenancy', () => {
  test('a company cannot read, change or delete another company’s users', async () => {
    const one = await createTenant(app);
    const two = await createTenant(app);
    const victim = await createUser(app, one.companyId);

    const read = await call(app, 'GET', `/users/${victim.id}`, { token: two.admin.token });
    const change = await call(app, 'PUT', `/users/${victim.id}`, {
      token: two.admin.token,
      body: { name: 'Hacked' },
    });
    const remove = await call(app, 'DELETE', `/users/${victim.id}`, { token: two.admin.token });
    const list = await call(app, 'GET', '/users', { token: two.admin.token });
    const options = await call(app, 'GET', `/users/list?companyId=${one.companyId}`, {
      token: two.admin.token,
    });
    const createThere = await call(app, 'POST', '/users', {
      token: two.admin.token,
      body: {
        name: 'Intruder',
        email: 'intruder@example.test',
        password: 'Secret-1a',
        companyId: one.companyId,
      },
    });

    expect(read).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(change.status).toBe(404);
    expect(remove.status).toBe(404);
    expect(list.body.users.map((u: { id: number }) => u.id)).not.toContain(victim.id);
    expect(options.status).toBe(404);
    expect(createThere.status).toBe(404);
    const stillThere = await call(app, 'GET', `/users/${victim.id}`, { token: one.admin.token });
    expect(stillThere.body.name).not.toBe('Hacked');
  });
});

describe('queues of a user', () => {
  test('a user is neither created nor updated with another company’s queue', async () => {
    const one = await createTenant(app);
    const two = await createTenant(app);
    const foreign = await createQueue(app, two.companyId);
    const member = await createUser(app, one.companyId);
    const email = `queue-thief-${one.companyId}@example.test`;

    const create = await call(app, 'POST', '/users', {
      token: one.admin.token,
      body: { name: 'Queue Thief', email, password: 'secret1', queueIds: [foreign.id] },
    });
    const update = await call(app, 'PUT', `/users/${member.id}`, {
      token: one.admin.token,
      body: { queueIds: [foreign.id] },
    });

    expect(create).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(update).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await app.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await app.deps.db.select().from(userQueues).where(eq(userQueues.queueId, foreign.id))).toEqual([]);
  });

  test('a user is linked to their own company’s queues', async () => {
    const tenant = await createTenant(app);
    const queue = await createQueue(app, tenant.companyId);
    const member = await createUser(app, tenant.companyId);

    const update = await call(app, 'PUT', `/users/${member.id}`, {
      token: tenant.admin.token,
      body: { queueIds: [queue.id] },
    });

    expect(update.status).toBe(200);
    expect(update.body.queues).toEqual([{ id: queue.id, name: queue.name, color: queue.color }]);
  });
});

describe('avatar', () => {
  test('an uploaded image is served through its signed link and to its own company only', async () => {
    const one = await createTenant(app);
    const two = await createTenant(app);
    const form = multipart('profileImage', 'me.png', PNG, 'image/png');

    const upload = await app.inject({
      method: 'POST',
      url: `/users/${one.admin.id}/media-upload`,
      headers: { authorization: `Bearer ${one.admin.token}`, ...form.headers },
      payload: form.payload,
    });
    const url: string = upload.json().profileImage;
    const path = url.split('?')[0] as string;

    expect(upload.statusCode).toBe(200);
    expect(url).toMatch(/^\/media\/company\d+\/users\/.+\.png\?exp=\d+&sig=/);
    const signed = await app.inject({ method: 'GET', url });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    expect(signed.rawPayload.equals(PNG)).toBe(true);
    const owner = await app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${one.admin.token}` },
    });
    expect(owner.statusCode).toBe(200);
    const stranger = await app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${two.admin.token}` },
    });
    expect(stranger.statusCode).toBe(404);
    const tampered = await app.inject({
      method: 'GET',
      url: url.replace(/sig=(.)/, (_, first) => `sig=${first === 'x' ? 'y' : 'x'}`),
    });
    expect(tampered.statusCode).toBe(404);
  });

  test('a file that is not an image is refused whatever its name says', async () => {
    const tenant = await createTenant(app);
    const form = multipart('profileImage', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');

    const upload = await app.inject({
      method: 'POST',
      url: `/users/${tenant.admin.id}/media-upload`,
      headers: { authorization: `Bearer ${tenant.admin.token}`, ...form.headers },
      payload: form.payload,
    });

    expect(upload.statusCode).toBe(415);
    expect(upload.json().error).toBe('ERR_FILE_TYPE_NOT_ALLOWED');
  });
});

test('the super admin seeded on start can sign in', async () => {
  const { SUPER_EMAIL, SUPER_PASSWORD } = await import('../../../test/database.js');

  const { status, body } = await call(app, 'POST', '/auth/login', {
    body: { email: SUPER_EMAIL, password: SUPER_PASSWORD },
  });

  expect(status).toBe(200);
  expect(body.user).toMatchObject({ super: true, companyId: 1, company: { dueDate: '2999-12-31' } });
  expect(PASSWORD).not.toBe(SUPER_PASSWORD);
});
