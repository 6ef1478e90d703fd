import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import {
  cloudMessage,
  cloudText,
  messagingEnvelope,
  messagingMessage,
  uniqueId,
} from '../../../test/fake-graph/fixtures.js';
import {
  acceptTicket,
  createCloudTenant,
  createMetaTestApp,
  createPageTenant,
} from '../../../test/fake-graph/meta-app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { messages, tickets } from '../../db/schema/index.js';

const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A quick message of `token`'s user with an image attached, as the quick-messages page makes one. */
async function quickMessageWithImage(token: string, values: object = {}) {
  const created = await call(app, 'POST', '/quick-messages', {
    token,
    body: { shortcode: `promo${uniqueId('')}`, message: 'Confira a promoção!', ...values },
  });
  expect(created.status).toBe(201);
  const boundary = '----balcao';
  const uploaded = await app.inject({
    method: 'POST',
    url: `/quick-messages/${created.body.id}/media-upload`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="promo.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  expect(uploaded.statusCode).toBe(200);
  return created.body as { id: number };
}

const sendQuick = (token: string, ticketId: number, quickMessageId: number, body = 'Confira a promoção!') =>
  call(app, 'POST', `/messages/${ticketId}`, { token, body: { body, quickMessageId } });

const sentRow = (id: number) =>
  waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, id)),
    ([row]) => (row?.ack ?? 0) >= 1,
  );

/** A WhatsApp customer (Sheena Nelson) wrote to the tenant's Cloud API number; `holderId` holds the ticket. */
async function cloudConversation(tenant: Awaited<ReturnType<typeof createCloudTenant>>, holderId?: number) {
  const from = `55119${Math.floor(Math.random() * 100_000_000)}`;
  await meta.webhook(
    cloudMessage(from, cloudText('tem promoção?'), { phoneNumberId: tenant.phoneNumberId }).payload,
  );
  const ticket = await acceptTicket(meta, tenant);
  if (holderId) await app.deps.db.update(tickets).set({ userId: holderId }).where(eq(tickets.id, ticket.id));
  return { from, ticket };
}

describe('a quick message with an image sends the image with its text', () => {
  test('on the Cloud API, one image captioned with the (filled) text; the file outlives the quick message', async () => {
    const tenant = await createCloudTenant(meta);
    const { from, ticket } = await cloudConversation(tenant);
    const quick = await quickMessageWithImage(tenant.admin.token);

    const sent = await sendQuick(tenant.admin.token, ticket.id, quick.id, 'Confira, {{firstName}}!');

    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      body: 'Confira, Sheena!',
      mediaType: 'image',
      mediaUrl: expect.any(String),
    });
    const [row] = await sentRow(sent.body.id);
    const send = fake.accepted().find((c) => (c.body as { to?: string }).to === from);
    expect(send?.body).toMatchObject({ type: 'image', image: { caption: 'Confira, Sheena!' } });
    await call(app, 'DELETE', `/quick-messages/${quick.id}/media-upload`, { token: tenant.admin.token });
    const file = await app.deps.storage.read(row?.mediaPath ?? '');
    expect(file?.size).toBe(PNG.length);
  });

  test('on Messenger, which has no captions, the image and then the text', async () => {
    const tenant = await createPageTenant(meta);
    const psid = `6${Date.now()}`;
    await meta.webhook(
      messagingEnvelope(
        'page',
        [messagingMessage(psid, tenant.pageId, { mid: uniqueId('m_'), text: 'oi' })],
        tenant.pageId,
      ),
    );
    const ticket = await acceptTicket(meta, tenant);
    const quick = await quickMessageWithImage(tenant.admin.token);

    const sent = await sendQuick(tenant.admin.token, ticket.id, quick.id);
    await sentRow(sent.body.id);
    await fake.settle();

    // An upload goes as a form whose fields are JSON text; a text as JSON.
    const fields = (body: unknown) =>
      body instanceof FormData
        ? {
            recipient: JSON.parse(String(body.get('recipient'))),
            message: JSON.parse(String(body.get('message'))),
          }
        : (body as { recipient?: { id: string }; message?: object });
    const sends = fake
      .accepted()
      .map((c) => fields(c.body))
      .filter((b) => b.recipient?.id === psid);
    // Only the image carries our id: it is the message's send; the caption after it is not retried.
    expect(sends.map((b) => b.message)).toEqual([
      { attachment: { type: 'image', payload: { is_reusable: true } }, metadata: `balcao:${sent.body.id}` },
      { text: 'Confira a promoção!' },
    ]);
  });

  test("another company's quick message, or a colleague's own, is not found and nothing is sent", async () => {
    const tenant = await createCloudTenant(meta);
    const ana = await createUser(app, tenant.companyId);
    const colleague = await createUser(app, tenant.companyId);
    const { ticket } = await cloudConversation(tenant, ana.id);
    const foreign = await quickMessageWithImage((await createTenant(app)).admin.token);
    const notShared = await quickMessageWithImage(colleague.token, { geral: false });

    const answers = [
      await sendQuick(ana.token, ticket.id, foreign.id),
      await sendQuick(ana.token, ticket.id, notShared.id),
    ];

    for (const answer of answers)
      expect(answer).toMatchObject({ status: 404, body: { error: 'ERR_NO_QUICK_MESSAGE_FOUND' } });
    const rows = await app.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(rows.filter((r) => r.fromMe)).toEqual([]);
  });
});
