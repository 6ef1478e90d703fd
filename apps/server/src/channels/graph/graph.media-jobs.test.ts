import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { events, type Message } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import {
  cloudEnvelope,
  messagingEnvelope,
  messagingMessage,
  uniqueId,
} from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp, createPageTenant } from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { messages } from '../../db/schema/index.js';

// Two retries a second apart (with backoff): a download given up within seconds.
const meta = await createMetaTestApp({
  env: { META_MEDIA_RETRY_LIMIT: '2', META_MEDIA_RETRY_DELAY_SECONDS: '1' },
});
const { app, fake } = meta;
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await meta.close();
});

const messagesOf = (companyId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
/** Files in the company's messages folder. */
const filesOf = (companyId: number) =>
  readdir(join(app.deps.config.mediaDir, `company${companyId}`, 'messages')).catch(() => []);
/** Lookups of a media id on the Graph API (GET /{version}/{media-id}), each before its download. */
const lookupsOf = (mediaId: string) =>
  fake.calls.filter((c) => new RegExp(`^/v\\d+\\.\\d+/${mediaId}$`).test(c.path)).length;

/** Customer messages of one sender to the tenant's number, in one delivery. */
function cloudDelivery(phoneNumberId: string, from: string, contents: { id: string; content: object }[]) {
  return cloudEnvelope(
    {
      contacts: [{ profile: { name: 'Carla' }, wa_id: from }],
      messages: contents.map(({ id, content }) => ({
        from,
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...content,
      })),
    },
    phoneNumberId,
  );
}
const image = (mediaId: string) => ({ type: 'image', image: { id: mediaId, mime_type: 'image/jpeg' } });

test('media Meta no longer serves: the text after them is stored at once, the media retried, then unavailable with the last reason', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const flaky = fake.addMedia(Buffer.from('jpeg'), 'image/jpeg');
  const gone = fake.addMedia(Buffer.from('jpeg'), 'image/jpeg');
  fake.failMedia(flaky, 404, 500, 500);
  fake.failMedia(gone, 404, 404, 404);
  const ids = { flaky: uniqueId('wamid.P'), gone: uniqueId('wamid.G'), text: uniqueId('wamid.T') };

  const response = await meta.webhook(
    cloudDelivery(tenant.phoneNumberId, '5511977770001', [
      { id: ids.flaky, content: image(flaky) },
      { id: ids.gone, content: image(gone) },
      { id: ids.text, content: { type: 'text', text: { body: 'viu a foto?' } } },
    ]),
  );

  expect(response.status).toBe(200);
  const stored = await messagesOf(tenant.companyId);
  expect(stored.map((m) => [m.externalId, m.mediaType, m.mediaStatus, m.mediaPath, m.body])).toEqual([
    [ids.flaky, 'image', 'pending', null, ''],
    [ids.gone, 'image', 'pending', null, ''],
    [ids.text, null, null, null, 'viu a foto?'],
  ]);
  const given = await waitFor(
    () => messagesOf(tenant.companyId),
    (rows) => rows.filter((row) => row.mediaStatus === 'unavailable').length === 2,
  );
  expect(given.map((m) => [m.externalId, m.mediaStatus, m.mediaError, m.mediaPath])).toEqual([
    [ids.flaky, 'unavailable', 'ERR_MEDIA_DOWNLOAD_FAILED', null],
    [ids.gone, 'unavailable', 'ERR_MEDIA_EXPIRED', null],
    [ids.text, null, null, null],
  ]);
  expect([lookupsOf(flaky), lookupsOf(gone)]).toEqual([3, 3]);
  expect(await filesOf(tenant.companyId)).toHaveLength(0);
  // A file never received has nothing to forward.
  const forward = await call(app, 'POST', '/message/forward', {
    token: tenant.admin.token,
    body: { messageIds: [given[0]?.id], contactId: given[0]?.contactId },
  });
  expect(forward).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
});

test('a media that downloads on its second try is stored once and its message updated live', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const mediaId = fake.addMedia(Buffer.from('png-bytes'), 'image/png');
  fake.failMedia(mediaId, 500);
  const socket = io(new URL(meta.webhookUrl).origin, {
    auth: { token: tenant.admin.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.on('connect', () => resolve(undefined)));
  socket.emit('joinNotification');
  const seen: { action: string; message: Message }[] = [];
  socket.on(events.appMessage(tenant.companyId), (event) => seen.push(event));
  const photo = uniqueId('wamid.P');

  await meta.webhook(
    cloudDelivery(tenant.phoneNumberId, '5511977770002', [{ id: photo, content: image(mediaId) }]),
  );

  const [row] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.externalId, photo)),
    ([message]) => message?.mediaPath !== null && message?.mediaPath !== undefined,
  );
  expect(row).toMatchObject({ mediaStatus: null, mediaError: null, mediaType: 'image' });
  expect((await app.deps.storage.read(row?.mediaPath ?? ''))?.size).toBe('png-bytes'.length);
  expect(await filesOf(tenant.companyId)).toHaveLength(1);
  expect(lookupsOf(mediaId)).toBe(2);
  const update = await waitFor(
    async () => seen.find((e) => e.action === 'update' && e.message.id === row?.id),
    (event) => event !== undefined,
  );
  expect(update?.message).toMatchObject({ mediaStatus: null, mediaUrl: expect.stringContaining('/media/') });
  expect(seen.find((e) => e.action === 'create')?.message).toMatchObject({
    mediaStatus: 'pending',
    mediaUrl: null,
  });
});

test('a media message delivered again, even at once, is downloaded once into one file', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const mediaId = fake.addMedia(Buffer.from('jpeg'), 'image/jpeg');
  const delivery = cloudDelivery(tenant.phoneNumberId, '5511977770003', [
    { id: uniqueId('wamid.P'), content: image(mediaId) },
  ]);

  const answers = await Promise.all([meta.webhook(delivery), meta.webhook(delivery)]);
  await waitFor(
    () => messagesOf(tenant.companyId),
    (rows) => rows.every((row) => row.mediaPath !== null),
  );
  expect((await meta.webhook(delivery)).status).toBe(200);

  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  expect(await messagesOf(tenant.companyId)).toHaveLength(1);
  expect(await filesOf(tenant.companyId)).toHaveLength(1);
  expect(lookupsOf(mediaId)).toBe(1);
});

test('an Instagram story mention keeps a copy of the story, not its expiring link', {
  timeout: 60_000,
}, async () => {
  const tenant = await createPageTenant(meta, 'instagram');
  const mid = uniqueId('ig_');
  const event = messagingMessage(`9${Date.now()}`, tenant.accountId, {
    mid,
    attachments: [{ type: 'story_mention', payload: { url: `${fake.url}/cdn/story.png` } }],
  });

  await meta.webhook(messagingEnvelope('instagram', [event], tenant.accountId));

  const [row] = await waitFor(
    () => messagesOf(tenant.companyId),
    ([message]) => Boolean(message?.mediaPath),
  );
  expect(row).toMatchObject({ externalId: mid, mediaType: 'image', mediaStatus: null, body: '' });
  expect((await app.deps.storage.read(row?.mediaPath ?? ''))?.size).toBe('cdn:/cdn/story.png'.length);
});
