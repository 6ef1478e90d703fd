import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import {
  cloudMessage,
  cloudText,
  messagingEnvelope,
  messagingMessage,
  uniqueId,
} from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp, createPageTenant } from '../../../test/fake-graph/meta-app.js';
import { messages } from '../../db/schema/index.js';

// Ids a signed delivery names go into Graph paths with the company's token: only Meta's ids may.
const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

const storedOf = (companyId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);

test('a Cloud API media id that is not an id is traced without calling Graph; the rest of the delivery is stored', async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511955550001';
  const delivery = cloudMessage(from, cloudText('primeira'), { phoneNumberId: tenant.phoneNumberId });
  const value = delivery.payload.entry[0]?.changes[0]?.value;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const photo = fake.addMedia(Buffer.from('png bytes'), 'image/png');
  const more = [
    { from, id: uniqueId('wamid.IN'), timestamp, type: 'image', image: { id: '../../../etc/passwd' } },
    { from, id: uniqueId('wamid.IN'), timestamp, type: 'image', image: { id: photo, caption: 'foto' } },
    { from, id: uniqueId('wamid.IN'), timestamp, type: 'text', text: { body: 'última' } },
  ];
  value?.messages?.push(...more);

  const response = await meta.webhook(delivery.payload);

  expect(response.status).toBe(200);
  expect(fake.calls.some((c) => c.path.includes('passwd'))).toBe(false);
  const stored = await storedOf(tenant.companyId);
  // The forged one is kept as a trace of what arrived, never fetched.
  expect(stored.map((m) => [m.body, m.mediaType])).toEqual([
    ['primeira', null],
    ['image', 'unsupportedMessage'],
    ['foto', 'image'],
    ['última', null],
  ]);
});

test('a Messenger sender id that is not an id is refused without calling Graph; the rest of the delivery is stored', async () => {
  const tenant = await createPageTenant(meta);
  const psid = `7${Date.now()}`;
  const forged = '../../me/accounts';

  const response = await meta.webhook(
    messagingEnvelope(
      'page',
      [
        messagingMessage(forged, tenant.pageId, { mid: uniqueId('m_'), text: 'forjada' }),
        messagingMessage(psid, tenant.pageId, { mid: uniqueId('m_'), text: 'legítima' }),
      ],
      tenant.pageId,
    ),
  );

  expect(response.status).toBe(200);
  expect(fake.calls.some((c) => c.path.endsWith('/me/accounts'))).toBe(false);
  expect((await storedOf(tenant.companyId)).map((m) => m.body)).toEqual(['legítima']);
});
