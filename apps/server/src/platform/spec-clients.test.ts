import { afterAll, expect, test } from 'vitest';
import { bearer, call, createTestApp } from '../../test/app.js';
import { createTenant, createTicket, createUser, PASSWORD } from '../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

test('a list path with a trailing slash answers as without it', async () => {
  const tenant = await createTenant(app);
  for (const path of ['/contacts', '/tags', '/schedules', '/users', '/campaigns']) {
    const plain = await call(app, 'GET', path, { token: tenant.admin.token });
    const slashed = await call(app, 'GET', `${path}/`, { token: tenant.admin.token });
    expect(plain.status, path).toBe(200);
    expect(slashed.status, `${path}/`).toBe(200);
    expect(slashed.body).toEqual(plain.body);
  }
});

test('a JSON content type with an empty body reads as no body', async () => {
  const tenant = await createTenant(app);
  const tag = await call(app, 'POST', '/tags', {
    token: tenant.admin.token,
    body: { name: 'Sem corpo', color: '#A4CCCC' },
  });
  expect(tag.status).toBe(201);
  const removed = await app.inject({
    method: 'DELETE',
    url: `/tags/${tag.body.id}`,
    headers: { ...bearer(tenant.admin.token), 'content-type': 'application/json' },
    payload: '',
  });
  expect(removed.statusCode).toBe(204);
  expect((await call(app, 'GET', `/tags/${tag.body.id}`, { token: tenant.admin.token })).status).toBe(404);
});

test('a JSON body that is not JSON is still refused as bad input', async () => {
  const tenant = await createTenant(app);
  const bad = await app.inject({
    method: 'POST',
    url: '/tags',
    headers: { ...bearer(tenant.admin.token), 'content-type': 'application/json' },
    payload: '{"name":',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error).toBe('ERR_VALIDATION');
  const poisoned = await app.inject({
    method: 'POST',
    url: '/tags',
    headers: { ...bearer(tenant.admin.token), 'content-type': 'application/json' },
    payload: '{"name":"x","color":"#A4CCCC","__proto__":{"admin":true}}',
  });
  expect(poisoned.statusCode).toBe(400);
});

test('a user saved with an empty password box keeps the password', async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId, { name: 'Ana Souza' });
  const saved = await call(app, 'PUT', `/users/${attendant.id}`, {
    token: tenant.admin.token,
    body: { name: 'Ana Lima', password: '' },
  });
  expect(saved.status).toBe(200);
  expect(saved.body.name).toBe('Ana Lima');
  const login = await call(app, 'POST', '/auth/login', {
    body: { email: attendant.email, password: PASSWORD },
  });
  expect(login.status).toBe(200);
});

test('a ticket opened without a connection goes on the company default', async () => {
  const tenant = await createTenant(app);
  const { contactId } = await createTicket(app, tenant.companyId, { status: 'closed' });
  const site = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: 'Site principal', channel: 'webchat', isDefault: true },
  });
  const opened = await call(app, 'POST', '/tickets', { token: tenant.admin.token, body: { contactId } });
  expect(opened.status).toBe(201);
  expect(opened.body.whatsappId).toBe(site.body.id);
});

test('a schedule whose time has no offset is read on the company clock', async () => {
  const tenant = await createTenant(app, { timezone: 'America/Sao_Paulo' });
  const { contactId } = await createTicket(app, tenant.companyId);
  const created = await call(app, 'POST', '/schedules', {
    token: tenant.admin.token,
    body: { body: 'Lembrete de pagamento', contactId, sendAt: '2999-01-10T09:30' },
  });
  expect(created.status).toBe(201);
  expect(new Date(created.body.sendAt).toISOString()).toBe('2999-01-10T12:30:00.000Z');
  const moved = await call(app, 'PUT', `/schedules/${created.body.id}`, {
    token: tenant.admin.token,
    body: { sendAt: '2999-01-11T18:00:15' },
  });
  expect(new Date(moved.body.sendAt).toISOString()).toBe('2999-01-11T21:00:15.000Z');
});

test('tags synced with both a contact and a ticket land on both', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId);
  const tag = await call(app, 'POST', '/tags', {
    token: tenant.admin.token,
    body: { name: 'VIP', color: '#A4CCCC' },
  });
  const synced = await call(app, 'POST', '/tags/sync', {
    token: tenant.admin.token,
    body: { contactId: ticket.contactId, ticketId: ticket.id, tags: [{ id: tag.body.id }] },
  });
  expect(synced.status).toBe(200);
  const ofContact = await call(app, 'GET', `/contactTags/${ticket.contactId}`, { token: tenant.admin.token });
  const ofTicket = await call(app, 'GET', `/tickets/${ticket.id}`, { token: tenant.admin.token });
  expect(ofContact.body.tags.map((t: { id: number }) => t.id)).toEqual([tag.body.id]);
  expect(ofTicket.body.tags.map((t: { id: number }) => t.id)).toEqual([tag.body.id]);
});
