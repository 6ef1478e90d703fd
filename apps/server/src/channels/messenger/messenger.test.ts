import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { messagingEnvelope, messagingMessage, uniqueId } from '../../../test/fake-graph/fixtures.js';
import {
  acceptTicket,
  createMetaTestApp,
  createPageTenant,
  sendStoredFile,
} from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { companySettings, contacts, messages, tickets } from '../../db/schema/index.js';

const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

const messagesOf = (companyId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);

async function acceptedTicket(companyId: number, userId: number) {
  const [ticket] = await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId })
    .where(eq(tickets.companyId, companyId))
    .returning();
  return ticket;
}

test('Messenger: text, attachments downloaded from the CDN, reply_to, postback and reaction; the profile names the contact', async () => {
  const tenant = await createPageTenant(meta);
  const psid = uniqueId('').replace(/\D/g, '') || '6543210987654321';
  const first = uniqueId('m_');
  const events = [
    messagingMessage(psid, tenant.pageId, { mid: first, text: 'hello, world!' }),
    messagingMessage(psid, tenant.pageId, {
      mid: uniqueId('m_'),
      attachments: [
        { type: 'image', payload: { url: `${fake.url}/cdn/photo.png` } },
        { type: 'file', payload: { url: `${fake.url}/cdn/boleto.pdf` } },
      ],
    }),
    messagingMessage(psid, tenant.pageId, {
      mid: uniqueId('m_'),
      text: 'sobre isso',
      reply_to: { mid: first },
    }),
    {
      sender: { id: psid },
      recipient: { id: tenant.pageId },
      timestamp: Date.now(),
      postback: { title: 'Falar com atendente', payload: 'HUMAN', mid: uniqueId('m_') },
    },
    {
      sender: { id: psid },
      recipient: { id: tenant.pageId },
      timestamp: Date.now() + 1,
      reaction: { reaction: 'love', emoji: '❤️', action: 'react', mid: first },
    },
  ];
  for (const event of events)
    expect((await meta.webhook(messagingEnvelope('page', [event], tenant.pageId))).status).toBe(200);

  // The attachments are fetched by a job once their messages are stored.
  const rows = await waitFor(
    () => messagesOf(tenant.companyId),
    (stored) => stored.every((row) => row.mediaStatus === null),
  );
  expect(rows.map((r) => [r.body, r.mediaType])).toEqual([
    ['hello, world!', null],
    ['', 'image'],
    ['', 'application'],
    ['sobre isso', null],
    ['Falar com atendente', null],
    ['❤️', 'reactionMessage'],
  ]);
  expect(rows[3]?.quotedMessageId).toBe(rows[0]?.id);
  expect(rows[5]?.quotedMessageId).toBe(rows[0]?.id);
  const image = await app.deps.storage.read(rows[1]?.mediaPath ?? '');
  expect(image?.size).toBe('cdn:/cdn/photo.png'.length);
  const [contact] = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, tenant.companyId));
  expect(contact?.name).toBe('Peter Chang');
});

test('Messenger: a reply is sent with the page token, its own echo is not stored twice, delivery raises it, and a Page-inbox echo is kept as ours', {
  timeout: 60_000,
}, async () => {
  const tenant = await createPageTenant(meta);
  const psid = `7${Date.now()}`;
  await meta.webhook(
    messagingEnvelope(
      'page',
      [messagingMessage(psid, tenant.pageId, { mid: uniqueId('m_'), text: 'oi' })],
      tenant.pageId,
    ),
  );
  const ticket = await acceptedTicket(tenant.companyId, tenant.admin.id);

  const { body: reply } = await call(app, 'POST', `/messages/${ticket?.id}`, {
    token: tenant.admin.token,
    body: { body: 'Olá! Como posso ajudar?' },
  });
  const [delivered] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, reply.id)),
    ([row]) => (row?.ack ?? 0) >= 2,
  );
  await fake.settle();

  const send = fake.accepted().find((c) => (c.body as { recipient?: { id: string } }).recipient?.id === psid);
  expect(send?.query.access_token).toBe(tenant.pageToken);
  expect(send?.body).toMatchObject({
    messaging_type: 'RESPONSE',
    message: { text: 'Olá! Como posso ajudar?' },
  });
  expect(delivered).toMatchObject({ externalId: send?.accepted, ack: 2 });

  const inboxEcho = messagingMessage(tenant.pageId, psid, {
    mid: uniqueId('m_'),
    is_echo: true,
    app_id: 263902037430900,
    text: 'respondido pelo celular',
  });
  await meta.webhook(messagingEnvelope('page', [inboxEcho], tenant.pageId));
  const ours = await app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, tenant.companyId), eq(messages.fromMe, true)))
    .orderBy(messages.id);
  expect(ours.map((m) => [m.body, m.ack])).toEqual([
    ['Olá! Como posso ajudar?', 2],
    ['respondido pelo celular', 1],
  ]);
});

test('Messenger: outside the window Meta refuses with (#10)/2018278 and the message fails with that reason at once', {
  timeout: 60_000,
}, async () => {
  const tenant = await createPageTenant(meta);
  const psid = `8${Date.now()}`;
  fake.closeWindow(psid);
  await meta.webhook(
    messagingEnvelope(
      'page',
      [messagingMessage(psid, tenant.pageId, { mid: uniqueId('m_'), text: 'oi' })],
      tenant.pageId,
    ),
  );
  const ticket = await acceptedTicket(tenant.companyId, tenant.admin.id);

  const { body: reply } = await call(app, 'POST', `/messages/${ticket?.id}`, {
    token: tenant.admin.token,
    body: { body: 'tarde' },
  });
  const [failed] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, reply.id)),
    ([row]) => row?.ack === -1,
  );

  expect(failed?.failedReason).toBe('ERR_OUTSIDE_WINDOW');
});

test('Instagram routes by the account id, not the page id; reads come by mid; a deleted message is not stored, an unsupported one leaves a trace', {
  timeout: 60_000,
}, async () => {
  const tenant = await createPageTenant(meta, 'instagram');
  const igsid = `9${Date.now()}`;
  const wrongEntry = messagingEnvelope(
    'instagram',
    [messagingMessage(igsid, tenant.pageId, { mid: uniqueId('ig_'), text: 'pela página' })],
    tenant.pageId,
  );
  await meta.webhook(wrongEntry);
  await meta.webhook(
    messagingEnvelope(
      'instagram',
      [
        messagingMessage(igsid, tenant.accountId, { mid: uniqueId('ig_'), text: 'oi, tem esse em azul?' }),
        messagingMessage(igsid, tenant.accountId, { mid: uniqueId('ig_'), is_deleted: true }),
        messagingMessage(igsid, tenant.accountId, { mid: uniqueId('ig_'), is_unsupported: true }),
      ],
      tenant.accountId,
    ),
  );
  const inbound = await messagesOf(tenant.companyId);
  expect(inbound.map((m) => [m.body, m.mediaType])).toEqual([
    ['oi, tem esse em azul?', null],
    ['', 'unsupportedMessage'],
  ]);

  const ticket = await acceptedTicket(tenant.companyId, tenant.admin.id);
  const { body: reply } = await call(app, 'POST', `/messages/${ticket?.id}`, {
    token: tenant.admin.token,
    body: { body: 'Temos sim!' },
  });
  const [sent] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, reply.id)),
    ([row]) => row?.ack === 1,
  );
  await meta.webhook(
    messagingEnvelope(
      'instagram',
      [
        {
          sender: { id: igsid },
          recipient: { id: tenant.accountId },
          timestamp: Date.now(),
          read: { mid: sent?.externalId },
        },
      ],
      tenant.accountId,
    ),
  );
  const [read] = await app.deps.db.select().from(messages).where(eq(messages.id, reply.id));
  expect(read?.ack).toBe(3);
});

test('Messenger: from 24 hours to 7 days after the customer wrote a reply goes tagged HUMAN_AGENT; past 7 days it is refused before calling Meta', {
  timeout: 60_000,
}, async () => {
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
  const customerWroteDaysAgo = (days: number) =>
    app.deps.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - days * 24 * 3600_000) })
      .where(and(eq(messages.companyId, tenant.companyId), eq(messages.fromMe, false)));
  const reply = async (body: string) => {
    const { body: sent } = await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body },
    });
    const [row] = await waitFor(
      () => app.deps.db.select().from(messages).where(eq(messages.id, sent.id)),
      ([found]) => found?.ack !== 0,
    );
    return row;
  };
  const callsTo = () =>
    fake.calls.filter((c) => (c.body as { recipient?: { id: string } }).recipient?.id === psid);
  await customerWroteDaysAgo(3);
  fake.closeWindow(psid);

  const tagged = await reply('seguimos com seu caso');
  fake.closeWindow(psid, 'expired');
  const refusedByMeta = await reply('ainda por aqui');
  await customerWroteDaysAgo(8);
  const before = callsTo().length;
  const refusedByUs = await reply('tarde demais');

  expect(tagged?.ack).toBeGreaterThanOrEqual(1);
  const sent = fake.accepted().find((c) => c.accepted === tagged?.externalId);
  expect(sent?.body).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
  expect(refusedByMeta).toMatchObject({ ack: -1, failedReason: 'ERR_OUTSIDE_WINDOW' });
  expect(refusedByUs).toMatchObject({ ack: -1, failedReason: 'ERR_OUTSIDE_WINDOW' });
  expect(callsTo().length).toBe(before);
});

test('Instagram: a reply to a customer message names its mid in reply_to, and the customer quoting ours is stored as a quote', {
  timeout: 60_000,
}, async () => {
  const tenant = await createPageTenant(meta, 'instagram');
  const igsid = `5${Date.now()}`;
  const question = uniqueId('ig_');
  await meta.webhook(
    messagingEnvelope(
      'instagram',
      [messagingMessage(igsid, tenant.accountId, { mid: question, text: 'tem em azul?' })],
      tenant.accountId,
    ),
  );
  const ticket = await acceptTicket(meta, tenant);
  const [asked] = await messagesOf(tenant.companyId);

  const { body: answer } = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Temos sim!', quotedMsgId: asked?.id },
  });
  const [sent] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, answer.id)),
    ([row]) => (row?.ack ?? 0) >= 1,
  );
  await meta.webhook(
    messagingEnvelope(
      'instagram',
      [
        messagingMessage(igsid, tenant.accountId, {
          mid: uniqueId('ig_'),
          text: 'perfeito',
          reply_to: { mid: sent?.externalId },
        }),
      ],
      tenant.accountId,
    ),
  );

  const delivered = fake.accepted().find((c) => c.accepted === sent?.externalId);
  expect(delivered?.body).toMatchObject({
    recipient: { id: igsid },
    reply_to: { mid: question },
    message: { text: 'Temos sim!' },
  });
  const rows = await messagesOf(tenant.companyId);
  expect(rows.at(-1)).toMatchObject({ body: 'perfeito', quotedMessageId: answer.id });
});

test('Messenger: without a public https address an attachment is uploaded with the send (multipart filedata)', {
  timeout: 60_000,
}, async () => {
  const tenant = await createPageTenant(meta);
  const psid = `4${Date.now()}`;
  await meta.webhook(
    messagingEnvelope(
      'page',
      [messagingMessage(psid, tenant.pageId, { mid: uniqueId('m_'), text: 'manda o boleto' })],
      tenant.pageId,
    ),
  );
  const ticket = await acceptTicket(meta, tenant);

  const stored = await sendStoredFile(meta, ticket, {
    bytes: Buffer.from('%PDF-1.4 boleto'),
    name: 'boleto.pdf',
    mediaType: 'application',
  });
  const [sent] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, stored.id)),
    ([row]) => (row?.ack ?? 0) >= 1,
  );

  const upload = fake.accepted().find((c) => c.accepted === sent?.externalId);
  expect(upload?.body).toBeInstanceOf(FormData);
  const form = upload?.body as FormData;
  expect(JSON.parse(String(form.get('message')))).toEqual({
    attachment: { type: 'file', payload: { is_reusable: true } },
    metadata: `balcao:${stored.id}`,
  });
  expect(form.get('messaging_type')).toBe('RESPONSE');
  expect(await (form.get('filedata') as Blob).text()).toBe('%PDF-1.4 boleto');
});

test('Messenger and Instagram get plain text: WhatsApp marks are taken off and the signature is a "Name:" line', {
  timeout: 60_000,
}, async () => {
  for (const channel of ['facebook', 'instagram'] as const) {
    const tenant = await createPageTenant(meta, channel);
    const customer = `5${Date.now()}`;
    const to = channel === 'instagram' ? tenant.accountId : tenant.pageId;
    await meta.webhook(
      messagingEnvelope(
        channel === 'instagram' ? 'instagram' : 'page',
        [messagingMessage(customer, to, { mid: uniqueId('m_'), text: 'oi' })],
        to,
      ),
    );
    const ticket = await acceptedTicket(tenant.companyId, tenant.admin.id);
    await app.deps.db
      .insert(companySettings)
      .values({ companyId: tenant.companyId, key: 'sendSignMessage', value: 'enabled' });

    const { body: reply } = await call(app, 'POST', `/messages/${ticket?.id}`, {
      token: tenant.admin.token,
      body: { body: 'Seu pedido *saiu* _hoje_, ~ontem não~. Código snake_case, 2*3*4.', signMessage: true },
    });
    await waitFor(
      () => app.deps.db.select().from(messages).where(eq(messages.id, reply.id)),
      ([row]) => (row?.ack ?? 0) >= 1,
    );

    const send = fake
      .accepted()
      .find((c) => (c.body as { recipient?: { id: string } }).recipient?.id === customer);
    const name = /^\*(.+):\*\n/.exec(reply.body)?.[1];
    expect(send?.body).toMatchObject({
      message: { text: `${name}:\nSeu pedido saiu hoje, ontem não. Código snake_case, 2*3*4.` },
    });
  }
});
