import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { sendMedia } from '../../../test/multipart.js';
import { copyMedia } from './media-migrate.js';
import { createS3Storage } from './s3-storage.js';
import { createDiskStorage, type MediaStorage } from './storage.js';

const BUCKET = 'balcao-media';
const scratch = () => mkdtempSync(join(tmpdir(), 'balcao-storage-'));

// A local S3 server (s3rver) speaks the S3 REST protocol the AWS SDK uses against a real bucket.
let s3rver: S3rver;
let endpoint: string;
beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: scratch(),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver.close();
});

const s3 = () =>
  createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

const backends: [string, () => Promise<MediaStorage>][] = [
  ['the media folder', async () => createDiskStorage(scratch())],
  ['an S3-compatible bucket', s3],
];

describe.each(backends)('media in %s', (_name, open) => {
  let storage: MediaStorage;
  beforeAll(async () => {
    storage = await open();
  });
  const key = (name: string) => `company${Math.floor(Math.random() * 1e9)}/messages/${name}`;

  test('a file put is read back with its size', async () => {
    const photo = key('foto.png');
    const bytes = Buffer.from('not really a png, but bytes all the same');
    await storage.put(photo, bytes);
    const read = await storage.read(photo);
    expect(read?.size).toBe(bytes.length);
    expect((await buffer(read?.stream as NodeJS.ReadableStream)).equals(bytes)).toBe(true);
  });

  test('says it can store files', async () => {
    expect(await storage.reachable()).toBe(true);
  });

  test('a missing file reads as nothing, and removing it is no error', async () => {
    const missing = key('nunca.pdf');
    expect(await storage.read(missing)).toBeUndefined();
    await expect(storage.remove(missing)).resolves.toBeUndefined();
  });

  test('a removed file is gone', async () => {
    const doc = key('contrato.pdf');
    await storage.put(doc, Buffer.from('%PDF'));
    await storage.remove(doc);
    expect(await storage.read(doc)).toBeUndefined();
  });

  test('lists what it holds', async () => {
    const a = key('a.txt');
    const b = key('sub/b.txt');
    await storage.put(a, Buffer.from('a'));
    await storage.put(b, Buffer.from('b'));
    const keys: string[] = [];
    for await (const listed of storage.list()) keys.push(listed);
    expect(keys).toEqual(expect.arrayContaining([a, b]));
  });

  test('a key outside a company folder, or climbing out of it, is refused', async () => {
    await expect(storage.put('etc/passwd', Buffer.from('x'))).rejects.toThrow(/Not a media key/);
    await expect(storage.read('company1/../company2/x.png')).rejects.toThrow(/Not a media key/);
  });
});

describe('npm run media:migrate', () => {
  test('copies every file from the folder to the bucket, and a second run copies nothing again', async () => {
    const disk = createDiskStorage(scratch());
    const bucket = await s3();
    const files = {
      'company7/messages/a.png': 'aaa',
      'company7/users/b.jpg': 'bb',
      'company8/chats/c.ogg': 'c',
    };
    for (const [key, text] of Object.entries(files)) await disk.put(key, Buffer.from(text));

    expect(await copyMedia(disk, bucket)).toEqual({ copied: 3, skipped: 0 });
    for (const [key, text] of Object.entries(files)) {
      const read = await bucket.read(key);
      expect((await buffer(read?.stream as NodeJS.ReadableStream)).toString()).toBe(text);
    }
    expect(await copyMedia(disk, bucket)).toEqual({ copied: 0, skipped: 3 });
  });
});

describe('storage that cannot take files', () => {
  test('a media folder under a file, and a bucket that does not exist, say so', async () => {
    const file = join(scratch(), 'not-a-folder');
    writeFileSync(file, '');
    const bucketless = await createS3Storage({
      bucket: 'nao-existe',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });

    expect(await createDiskStorage(join(file, 'media')).reachable()).toBe(false);
    expect(await bucketless.reachable()).toBe(false);
  });
});

describe('an installation with MEDIA_STORAGE=s3', () => {
  test('an attachment is stored in the bucket and served through its signed link', async () => {
    const app = await createTestApp({
      env: {
        MEDIA_STORAGE: 's3',
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const tenant = await createTenant(app);
      const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
      const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
      const sent = await sendMedia(app, ticket.id, tenant.admin.token, {
        filename: 'contrato.pdf',
        type: 'application/pdf',
        bytes,
      });
      const keys: string[] = [];
      for await (const key of (await s3()).list()) keys.push(key);
      expect(keys.some((key) => key.startsWith(`company${tenant.companyId}/`))).toBe(true);
      const file = await app.inject({ method: 'GET', url: sent.json().mediaUrl });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await app.close();
    }
  }, 60_000);
});
