import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { cloudMessage, cloudText } from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { messages, tickets } from '../../db/schema/index.js';

// About 30% of Graph calls fail (500, 429, a hung request, a dropped connection). A refused send is
// retried a second later (then two, four...); a hung or dropped one may have reached Meta, so it waits
// two seconds for a status before it is sent again (this fake drops before taking anything). A
// received file's download is retried five times, a second apart with backoff.
const meta = await createMetaTestApp({
  faultRate: 0.3,
  seed: 7,
  hangMs: 2_500,
  env: {
    DELIVERY_RETRY_BASE_SECONDS: '1',
    DELIVERY_UNKNOWN_WAIT_SECONDS: '2',
    META_MEDIA_RETRY_DELAY_SECONDS: '1',
  },
});
const { app, fake } = meta;
afterAll(() => meta.close());

const inboundTo = (phoneNumberId: string, from: string, content: object) => {
  const built = cloudMessage(from, content);
  const change = built.payload.entry[0]?.changes[0];
  if (change) change.value.metadata.phone_number_id = phoneNumberId;
  return built;
};

test('under faults every reply is delivered exactly once, and each customer gets theirs in the order written', {
  timeout: 240_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const customers = Array.from({ length: 12 }, (_, i) => `55119800000${String(i).padStart(2, '0')}`);
  for (const from of customers)
    expect((await meta.webhook(inboundTo(tenant.phoneNumberId, from, cloudText('oi')).payload)).status).toBe(
      200,
    );
  const open = await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId: tenant.admin.id })
    .where(eq(tickets.companyId, tenant.companyId))
    .returning();

  const ids: number[] = [];
  for (let round = 1; round <= 3; round++)
    for (const ticket of open) {
      const { body } = await call(app, 'POST', `/messages/${ticket.id}`, {
        token: tenant.admin.token,
        body: { body: `resposta ${round} de ${ticket.id}` },
      });
      ids.push(body.id);
    }
  const settled = await waitFor(
    () => app.deps.db.select().from(messages).where(inArray(messages.id, ids)).orderBy(asc(messages.id)),
    (rows) => rows.every((row) => row.ack !== 0),
    200_000,
  );
  await fake.settle();

  const accepted = fake.accepted();
  for (const row of settled) {
    const sends = accepted.filter((c) => (c.body as { text?: { body: string } }).text?.body === row.body);
    expect(sends).toHaveLength(1);
    expect(row).toMatchObject({ sendState: 'sent', externalId: sends[0]?.accepted });
  }
  expect(settled).toHaveLength(customers.length * 3);
  expect(fake.calls.filter((c) => !c.accepted && c.path.endsWith('/messages')).length).toBeGreaterThan(0);
  // Per customer, Meta took the replies in the order they were written (ids ascending).
  for (const customer of customers) {
    const taken = accepted
      .filter((c) => (c.body as { to?: string }).to === customer)
      .map((c) => (c.body as { text: { body: string } }).text.body);
    const written = settled.filter((row) => taken.includes(row.body)).map((row) => row.body);
    expect(taken).toHaveLength(3);
    expect(taken).toEqual(written);
  }
});

test('a media download that fails is retried by its job: the delivery is answered 200 at once and stored once', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const imageId = fake.addMedia(Buffer.from('jpeg'), 'image/jpeg');
  const delivery = inboundTo(tenant.phoneNumberId, '5511977770000', {
    type: 'image',
    image: { id: imageId, mime_type: 'image/jpeg' },
  });
  fake.failNext('500');

  const answers = [await meta.webhook(delivery.payload), await meta.webhook(delivery.payload)];
  const after = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.companyId, tenant.companyId)),
    (rows) => rows.every((row) => row.mediaStatus === null),
    45_000,
  );

  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ mediaType: 'image', mediaStatus: null, mediaPath: expect.any(String) });
});
