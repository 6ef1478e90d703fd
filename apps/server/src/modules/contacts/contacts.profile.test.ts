import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

test('a typed number finds or creates its contact on the default connection’s channel, once', async () => {
  const tenant = await createTenant(app);
  await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: 'WhatsApp', channel: 'whatsapp' },
  });

  const first = await call(app, 'GET', '/contacts/profile/+55 (11) 98888-7777', {
    token: tenant.admin.token,
  });
  const again = await call(app, 'GET', '/contacts/profile/5511988887777', { token: tenant.admin.token });
  const invalid = await call(app, 'GET', '/contacts/profile/12345678', { token: tenant.admin.token });
  const contact = await call(app, 'GET', `/contacts/${first.body.contactId}`, { token: tenant.admin.token });

  expect(first).toMatchObject({ status: 200, body: { contactId: expect.any(Number), urlPicture: '' } });
  expect(again.body.contactId).toBe(first.body.contactId);
  expect(invalid).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
  expect(contact.body).toMatchObject({ number: '5511988887777', channel: 'whatsapp' });
});

test('without a default connection the lookup says so', async () => {
  const tenant = await createTenant(app);

  const answer = await call(app, 'GET', '/contacts/profile/5511988887777', { token: tenant.admin.token });

  expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_DEF_WAPP_FOUND' } });
});
