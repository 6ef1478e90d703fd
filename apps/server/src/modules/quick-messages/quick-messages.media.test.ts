import { events } from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function upload(id: number, token: string, filename: string, bytes: Buffer) {
  const boundary = '----balcao';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/quick-messages/${id}/media-upload`,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

const create = (token: string, body: object) => call(app, 'POST', '/quick-messages', { token, body });

test('an image is attached with its name, served through a signed link, and removed', async () => {
  const tenant = await createTenant(app);
  const { body: created } = await create(tenant.admin.token, { shortcode: 'foto', message: 'veja' });

  const uploaded = await upload(created.id, tenant.admin.token, '../../promo.png', PNG);

  expect(uploaded.statusCode).toBe(200);
  const record = uploaded.json();
  expect(record).toMatchObject({ isMedia: true, mediaName: 'promo.png' });
  const image = await app.inject({ method: 'GET', url: record.mediaPath });
  expect(image.statusCode).toBe(200);
  expect(image.rawPayload.equals(PNG)).toBe(true);

  const removed = await call(app, 'DELETE', `/quick-messages/${created.id}/media-upload`, {
    token: tenant.admin.token,
  });

  expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
  const gone = await app.inject({ method: 'GET', url: record.mediaPath });
  expect(gone.statusCode).toBe(404);
});

test('a file that is not an image is refused and nothing is attached', async () => {
  const tenant = await createTenant(app);
  const { body: created } = await create(tenant.admin.token, { shortcode: 'script', message: 'x' });

  const uploaded = await upload(created.id, tenant.admin.token, 'evil.png', Buffer.from('#!/bin/sh\n'));

  expect(uploaded.statusCode).toBe(415);
  const after = await call(app, 'GET', `/quick-messages/${created.id}`, { token: tenant.admin.token });
  expect(after.body.isMedia).toBe(false);
});

test("an attendant may not attach an image to a 'geral' quick message", async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId);
  const { body: shared } = await create(tenant.admin.token, { shortcode: 'g', message: 'x', geral: true });

  const uploaded = await upload(shared.id, attendant.token, 'a.png', PNG);

  expect(uploaded.statusCode).toBe(403);
});

test('removing media that is not there answers ERR_NO_MEDIA_FOUND', async () => {
  const tenant = await createTenant(app);
  const { body: created } = await create(tenant.admin.token, { shortcode: 'nada', message: 'x' });

  const { status, body } = await call(app, 'DELETE', `/quick-messages/${created.id}/media-upload`, {
    token: tenant.admin.token,
  });

  expect(status).toBe(404);
  expect(body.error).toBe('ERR_NO_MEDIA_FOUND');
});

test("a private quick message's events reach its author and the managers; a 'geral' one the company", async () => {
  const tenant = await createTenant(app);
  const author = await createUser(app, tenant.companyId);
  const colleague = await createUser(app, tenant.companyId);
  const supervisor = await createUser(app, tenant.companyId, { profile: 'supervisor' });
  const sockets: Socket[] = [];
  const listen = async (token: string) => {
    const socket = await live.connect({ token });
    sockets.push(socket);
    return collect<{ action: string }>(socket, events.quickMessage(tenant.companyId));
  };
  const [byAuthor, byColleague, bySupervisor] = [
    await listen(author.token),
    await listen(colleague.token),
    await listen(supervisor.token),
  ];

  const { body: created } = await create(author.token, { shortcode: 'privada', message: 'x' });
  await call(app, 'PUT', `/quick-messages/${created.id}`, { token: supervisor.token, body: { geral: true } });
  await call(app, 'PUT', `/quick-messages/${created.id}`, {
    token: supervisor.token,
    body: { geral: false },
  });
  await heard(byAuthor, 3);
  await heard(bySupervisor, 3);
  await heard(byColleague, 2);
  await live.drain(...sockets);

  const private_ = expect.objectContaining({ geral: false });
  const shared = expect.objectContaining({ geral: true });
  for (const seen of [byAuthor, bySupervisor]) {
    expect(seen).toEqual([
      { action: 'create', record: private_ },
      { action: 'update', record: shared },
      { action: 'update', record: private_ },
    ]);
  }
  expect(byColleague).toEqual([
    { action: 'update', record: shared },
    { action: 'delete', id: created.id },
  ]);
});
