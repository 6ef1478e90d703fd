import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { cloudMessage, cloudStatus, cloudText } from '../../../test/fake-graph/fixtures.js';
import {
  acceptTicket,
  createCloudTenant,
  createMetaTestApp,
  sendStoredFile,
  VERIFY_TOKEN,
} from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { contacts, messages, tickets } from '../../db/schema/index.js';

const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

const envelopeFor = (
  phoneNumberId: string,
  built: { id: string; payload: ReturnType<typeof cloudMessage>['payload'] },
) => {
  const change = built.payload.entry[0]?.changes[0];
  if (change) change.value.metadata.phone_number_id = phoneNumberId;
  return built;
};

/** A customer message to the tenant's number, as Meta would deliver it. */
const inbound = (phoneNumberId: string, from: string, content: object, id?: string) =>
  envelopeFor(phoneNumberId, cloudMessage(from, content, { id }));

/** The attendant takes the conversation, so the composer may answer it. */
async function acceptedTicket(companyId: number, userId: number) {
  const [ticket] = await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId })
    .where(eq(tickets.companyId, companyId))
    .returning();
  return ticket;
}

const messagesOf = (companyId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);

test('the webhook handshake echoes the challenge only for the configured token', async () => {
  const ok = await call(
    app,
    'GET',
    `/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
  );
  const wrong = await call(
    app,
    'GET',
    '/webhooks/meta?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
  );

  expect(ok).toMatchObject({ status: 200, body: '1158201444' });
  expect(wrong.status).toBe(403);
});

test('a delivery with a bad or missing signature is refused with 401 and nothing is stored', async () => {
  const tenant = await createCloudTenant(meta);
  const forged = inbound(tenant.phoneNumberId, '5511900000001', cloudText('forjada'));

  const bad = await meta.webhook(forged.payload, 'sha256=deadbeef');
  const missing = await meta.webhook(forged.payload, null);

  expect(bad.status).toBe(401);
  expect(missing.status).toBe(401);
  expect(await messagesOf(tenant.companyId)).toHaveLength(0);
});

test('a text with escaped unicode verifies against the raw bytes and opens a pending ticket', async () => {
  const tenant = await createCloudTenant(meta);
  const message = inbound(tenant.phoneNumberId, '5511900000002', cloudText('ação 😀 a/b'));

  const response = await meta.webhook(message.payload);

  expect(response.status).toBe(200);
  const [stored] = await messagesOf(tenant.companyId);
  expect(stored).toMatchObject({ body: 'ação 😀 a/b', fromMe: false, externalId: message.id });
  const [ticket] = await app.deps.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
  expect(ticket).toMatchObject({ status: 'pending', channel: 'whatsappapi', unreadMessages: 1 });
  const [contact] = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, tenant.companyId));
  expect(contact).toMatchObject({ name: 'Sheena Nelson', number: '5511900000002' });
});

test('media are fetched through the Graph media endpoints into storage by a job; location, contacts, replies and reactions are kept', async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511900000003';
  const imageId = fake.addMedia(Buffer.from('png-bytes'), 'image/png');
  const documentId = fake.addMedia(Buffer.from('%PDF-1.4'), 'application/pdf');
  const first = inbound(tenant.phoneNumberId, from, cloudText('primeira'));
  await meta.webhook(first.payload);

  const variants = [
    { type: 'image', image: { id: imageId, caption: 'foto', mime_type: 'image/png' } },
    {
      type: 'document',
      document: { id: documentId, filename: 'boleto.pdf', caption: 'segue', mime_type: 'application/pdf' },
    },
    {
      type: 'location',
      location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja', address: 'Av. Paulista, 1000' },
    },
    {
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'João Silva' },
          phones: [{ phone: '+55 11 97777-6666', wa_id: '5511977776666' }],
        },
      ],
    },
    { type: 'text', text: { body: 'isso mesmo' }, context: { from: '15550783881', id: first.id } },
    { type: 'reaction', reaction: { message_id: first.id, emoji: '👍' } },
    {
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'btn_yes', title: 'Sim' } },
    },
  ];
  for (const content of variants) {
    const response = await meta.webhook(inbound(tenant.phoneNumberId, from, content).payload);
    expect(response.status).toBe(200);
  }

  // The files are fetched by a job once their messages are stored.
  const rows = await waitFor(
    () => messagesOf(tenant.companyId),
    (stored) => stored.every((row) => row.mediaStatus === null),
  );
  const [, image, document, location, card, reply, reaction, button] = rows;
  expect(image).toMatchObject({ body: 'foto', mediaType: 'image' });
  const stored = await app.deps.storage.read(image?.mediaPath ?? '');
  expect(stored?.size).toBe('png-bytes'.length);
  expect(document).toMatchObject({ body: 'segue', mediaType: 'application', mediaName: 'boleto.pdf' });
  expect(location?.body).toContain('https://maps.google.com/maps?q=-23.5505,-46.6333');
  expect(location?.mediaType).toBe('locationMessage');
  expect(card).toMatchObject({ mediaType: 'contactMessage', body: 'João Silva: +55 11 97777-6666' });
  expect(reply?.quotedMessageId).toBe(rows[0]?.id);
  expect(reaction).toMatchObject({ body: '👍', mediaType: 'reactionMessage', quotedMessageId: rows[0]?.id });
  expect(button?.body).toBe('Sim');
  const ticketIds = new Set(rows.map((row) => row.ticketId));
  expect(ticketIds.size).toBe(1);
});

test('the same webhook twice, and two first messages of a new contact at once, make one ticket and no duplicate', async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511900000004';
  const message = inbound(tenant.phoneNumberId, from, cloudText('oi'));
  const other = inbound(tenant.phoneNumberId, from, cloudText('tudo bem?'));

  const answers = await Promise.all([
    meta.webhook(message.payload),
    meta.webhook(message.payload),
    meta.webhook(other.payload),
  ]);

  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  const rows = await messagesOf(tenant.companyId);
  expect(rows.map((r) => r.body).sort()).toEqual(['oi', 'tudo bem?']);
  const ticketRows = await app.deps.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
  expect(ticketRows).toHaveLength(1);
  expect(ticketRows[0]?.unreadMessages).toBe(2);
});

test('an agent reply goes out through /messages with the quoted id, gets its wamid, and statuses only raise it', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511900000005';
  const customer = inbound(tenant.phoneNumberId, from, cloudText('preciso de ajuda'));
  await meta.webhook(customer.payload);
  const ticket = await acceptedTicket(tenant.companyId, tenant.admin.id);
  const [question] = await messagesOf(tenant.companyId);

  const sent = await call(app, 'POST', `/messages/${ticket?.id}`, {
    token: tenant.admin.token,
    body: { body: 'Claro!', quotedMsgId: question?.id },
  });
  expect(sent.status).toBeLessThan(300);
  const read = await waitFor(
    () =>
      app.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, tenant.companyId), eq(messages.fromMe, true))),
    ([row]) => row?.ack === 3,
  );

  const accepted = fake.accepted().filter((c) => (c.body as { to?: string }).to === from);
  expect(accepted).toHaveLength(1);
  expect(accepted[0]?.body).toMatchObject({
    messaging_product: 'whatsapp',
    to: from,
    type: 'text',
    text: { body: 'Claro!' },
    context: { message_id: customer.id },
  });
  expect(read[0]).toMatchObject({ externalId: accepted[0]?.accepted, ack: 3 });

  // A late "delivered" after "read" never lowers the ack.
  await meta.webhook(
    envelopeFor(tenant.phoneNumberId, {
      id: '',
      payload: cloudStatus(read[0]?.externalId ?? '', 'delivered'),
    }).payload,
  );
  const [after] = await app.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, read[0]?.id ?? 0));
  expect(after?.ack).toBe(3);
});

test('a send Meta fails with 131047 ends failed outside the window; with no customer message in 24 h it is refused before calling', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511900000006';
  fake.closeWindow(from);
  await meta.webhook(inbound(tenant.phoneNumberId, from, cloudText('oi')).payload);
  const ticket = await acceptedTicket(tenant.companyId, tenant.admin.id);

  const { body: reply } = await call(app, 'POST', `/messages/${ticket?.id}`, {
    token: tenant.admin.token,
    body: { body: 'resposta' },
  });
  const [failed] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, reply.id)),
    ([row]) => row?.ack === -1,
  );
  expect(failed).toMatchObject({ ack: -1, failedReason: 'ERR_OUTSIDE_WINDOW' });

  // The customer's message is now 25 hours old: the next reply never reaches Meta.
  await app.deps.db
    .update(messages)
    .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
    .where(and(eq(messages.companyId, tenant.companyId), eq(messages.fromMe, false)));
  const callsBefore = fake.calls.length;
  const { body: late } = await call(app, 'POST', `/messages/${ticket?.id}`, {
    token: tenant.admin.token,
    body: { body: 'tarde demais' },
  });
  const [refused] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, late.id)),
    ([row]) => row?.ack === -1,
  );
  expect(refused?.failedReason).toBe('ERR_OUTSIDE_WINDOW');
  expect(fake.calls.slice(callsBefore).filter((c) => c.path.endsWith('/messages'))).toHaveLength(0);
});

test('an attendant opening the conversation marks the customer’s newest message read on WhatsApp', async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511900000007';
  await meta.webhook(inbound(tenant.phoneNumberId, from, cloudText('primeira')).payload);
  const newest = inbound(tenant.phoneNumberId, from, cloudText('segunda'));
  await meta.webhook(newest.payload);
  const ticket = await acceptedTicket(tenant.companyId, tenant.admin.id);

  await call(app, 'GET', `/messages/${ticket?.id}?pageNumber=1`, { token: tenant.admin.token });
  const readCall = await waitFor(
    async () =>
      fake.calls.find(
        (c) =>
          c.path.endsWith(`${tenant.phoneNumberId}/messages`) &&
          (c.body as { status?: string }).status === 'read',
      ),
    (found) => found !== undefined,
  );

  expect(readCall?.body).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: newest.id });
});

test('an attendant’s reaction reaches the customer on WhatsApp, and reacting again takes it back', async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511900000008';
  const customer = inbound(tenant.phoneNumberId, from, cloudText('chegou!'));
  await meta.webhook(customer.payload);
  await acceptedTicket(tenant.companyId, tenant.admin.id);
  const [message] = await messagesOf(tenant.companyId);
  const reactionsSent = () =>
    fake.calls.filter(
      (c) =>
        (c.body as { type?: string; to?: string }).type === 'reaction' &&
        (c.body as { to?: string }).to === from,
    );

  await call(app, 'POST', `/messages/${message?.id}/react`, {
    token: tenant.admin.token,
    body: { emoji: '👍' },
  });
  await waitFor(
    async () => reactionsSent(),
    (calls) => calls.length === 1,
  );
  await call(app, 'POST', `/messages/${message?.id}/react`, {
    token: tenant.admin.token,
    body: { emoji: '👍' },
  });
  const sent = await waitFor(
    async () => reactionsSent(),
    (calls) => calls.length === 2,
  );

  expect(sent.map((c) => (c.body as { reaction: object }).reaction)).toEqual([
    { message_id: customer.id, emoji: '👍' },
    { message_id: customer.id, emoji: '' },
  ]);
});

test('without a public https address an attachment is uploaded to /media and sent by its id', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511900000009';
  await meta.webhook(inbound(tenant.phoneNumberId, from, cloudText('manda a foto')).payload);
  const ticket = await acceptTicket(meta, tenant);

  const stored = await sendStoredFile(meta, ticket, {
    bytes: Buffer.from('png-bytes'),
    name: 'foto.png',
    mediaType: 'image',
    caption: 'aqui',
  });
  await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, stored.id)),
    ([row]) => (row?.ack ?? 0) >= 1,
  );

  const send = fake.accepted().find((c) => (c.body as { to?: string }).to === from);
  expect(send?.body).toMatchObject({ type: 'image', image: { caption: 'aqui', id: expect.any(String) } });
  const { id } = (send?.body as { image: { id: string } }).image;
  const uploaded = await fetch(`${fake.url}/v21.0/${id}`, {
    headers: { authorization: `Bearer ${fake.token}` },
  });
  expect(await uploaded.json()).toMatchObject({
    mime_type: 'image/jpeg',
    file_size: String('png-bytes'.length),
  });
  expect((send?.body as { image: object }).image).not.toHaveProperty('link');
});

test('a message Meta delivers late is stored at the time the customer wrote it, before what they wrote after it', async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511966660001';
  const now = Math.floor(Date.now() / 1000);
  const withTime = (body: string, secondsAgo: number) => {
    const built = inbound(tenant.phoneNumberId, from, cloudText(body));
    const [message] = (built.payload.entry[0]?.changes[0]?.value.messages ?? []) as { timestamp?: string }[];
    if (message) message.timestamp = String(now - secondsAgo);
    return built.payload;
  };

  // The second message arrives first; Meta redelivers the first one a minute late.
  expect((await meta.webhook(withTime('segunda', 60))).status).toBe(200);
  expect((await meta.webhook(withTime('primeira', 120))).status).toBe(200);

  const { body } = await call(
    app,
    'GET',
    `/messages/${(await acceptedTicket(tenant.companyId, tenant.admin.id))?.id}`,
    {
      token: tenant.admin.token,
    },
  );
  expect(body.messages.map((m: { body: string }) => m.body)).toEqual(['primeira', 'segunda']);
  expect(new Date(body.messages[0].createdAt).getTime()).toBe((now - 120) * 1000);
});
