import { events } from '@balcao/shared';
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
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

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
    url: `/announcements/${id}/media-upload`,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

async function announcementWithImage() {
  const tenant = await createTenant(app);
  const admin = await createUser(app, tenant.companyId, { profile: 'admin', super: true });
  const { body } = await call(app, 'POST', '/announcements', {
    token: admin.token,
    body: { title: 'Com imagem', text: 'x' },
  });
  return { admin, id: body.id as number };
}

test("the image is shown to another company's user through a signed link, in answers and events", async () => {
  const { admin, id } = await announcementWithImage();
  const other = await createTenant(app);
  const agent = await createUser(app, other.companyId);
  const socket = await live.connect({ token: agent.token });
  const got = collect<{ record?: { mediaPath: string } }>(socket, events.announcement(other.companyId));

  const uploaded = await upload(id, admin.token, '../promo.png', PNG);

  expect(uploaded.statusCode).toBe(200);
  const record = uploaded.json();
  expect(record.mediaName).toBe('promo.png');
  expect(record.mediaPath).toMatch(/\/media\/company\d+\/announcements\/.+\.png\?exp=\d+&sig=/);
  const { body: shown } = await call(app, 'GET', '/announcements/feed', { token: agent.token });
  const inFeed = shown.records.find((r: { id: number }) => r.id === id);
  expect(inFeed.mediaPath).toBe(record.mediaPath);
  await heard(got, 1);
  expect(got[0]?.record?.mediaPath).toBe(record.mediaPath);
  const image = await app.inject({ method: 'GET', url: record.mediaPath });
  expect(image.statusCode).toBe(200);
  expect(image.rawPayload.equals(PNG)).toBe(true);
  const unsigned = await app.inject({ method: 'GET', url: record.mediaPath.replace(/\?.*$/, '') });
  expect(unsigned.statusCode).toBe(404);
});

test('removing the image deletes the file', async () => {
  const { admin, id } = await announcementWithImage();
  const { mediaPath } = (await upload(id, admin.token, 'a.png', PNG)).json();

  const removed = await call(app, 'DELETE', `/announcements/${id}/media-upload`, { token: admin.token });

  expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
  expect((await app.inject({ method: 'GET', url: mediaPath })).statusCode).toBe(404);
});

test('only png and jpeg images are taken, judged by their bytes', async () => {
  const { admin, id } = await announcementWithImage();

  const gif = await upload(id, admin.token, 'a.png', GIF);
  const script = await upload(id, admin.token, 'a.png', Buffer.from('<script>alert(1)</script>'));

  expect(gif.statusCode).toBe(415);
  expect(script.statusCode).toBe(415);
  const after = await call(app, 'GET', `/announcements/${id}`, { token: admin.token });
  expect(after.body.mediaPath).toBeNull();
});
