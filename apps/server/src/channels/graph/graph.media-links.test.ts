import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
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
  sendStoredFile,
} from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { messages } from '../../db/schema/index.js';

// Published over https: Meta can fetch our signed media links itself, so nothing is uploaded.
const PUBLIC_URL = 'https://balcao.example';
const meta = await createMetaTestApp({ env: { PUBLIC_URL } });
const { app, fake } = meta;
afterAll(() => meta.close());

const sentOnce = async (messageId: number) => {
  const [row] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, messageId)),
    ([found]) => (found?.ack ?? 0) >= 1,
  );
  return fake.accepted().find((c) => c.accepted === row?.externalId);
};

/** The link Meta is given must be one this server answers with the file, without a session. */
async function servedBytes(link: string) {
  expect(link.startsWith(`${PUBLIC_URL}/media/`)).toBe(true);
  const response = await app.inject({ method: 'GET', url: link.slice(PUBLIC_URL.length) });
  return response.statusCode === 200 ? response.body : undefined;
}

test('Cloud API: an attachment goes by { link } to our signed address, with no upload', {
  timeout: 60_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const from = '5511920000001';
  await meta.webhook(cloudMessage(from, cloudText('manda'), { phoneNumberId: tenant.phoneNumberId }).payload);
  const ticket = await acceptTicket(meta, tenant);

  const stored = await sendStoredFile(meta, ticket, {
    bytes: Buffer.from('%PDF-1.4 boleto'),
    name: 'boleto.pdf',
    mediaType: 'application',
    caption: 'segue',
  });
  const send = await sentOnce(stored.id);

  const document = (send?.body as { document: { link: string } }).document;
  expect(send?.body).toMatchObject({
    type: 'document',
    document: { filename: 'boleto.pdf', caption: 'segue' },
  });
  expect(document).not.toHaveProperty('id');
  expect(await servedBytes(document.link)).toBe('%PDF-1.4 boleto');
  expect(fake.calls.filter((c) => c.path.endsWith(`${tenant.phoneNumberId}/media`))).toEqual([]);
  // API clients read the same absolute address in the conversation.
  const page = await app.inject({
    method: 'GET',
    url: `/messages/${ticket.id}`,
    headers: { authorization: `Bearer ${tenant.admin.token}` },
  });
  const shown = page.json().messages.find((m: { id: number }) => m.id === stored.id);
  expect(shown.mediaUrl.startsWith(`${PUBLIC_URL}/media/`)).toBe(true);
});

test('Messenger: an attachment goes as JSON with payload.url to our signed address', {
  timeout: 60_000,
}, async () => {
  const tenant = await createPageTenant(meta);
  const psid = `3${Date.now()}`;
  await meta.webhook(
    messagingEnvelope(
      'page',
      [messagingMessage(psid, tenant.pageId, { mid: uniqueId('m_'), text: 'manda a foto' })],
      tenant.pageId,
    ),
  );
  const ticket = await acceptTicket(meta, tenant);

  const stored = await sendStoredFile(meta, ticket, {
    bytes: Buffer.from('png-bytes'),
    name: 'foto.png',
    mediaType: 'image',
  });
  const send = await sentOnce(stored.id);

  expect(send?.body).not.toBeInstanceOf(FormData);
  const attachment = (send?.body as { message: { attachment: { type: string; payload: { url: string } } } })
    .message.attachment;
  expect(attachment).toMatchObject({ type: 'image', payload: { is_reusable: true } });
  expect(await servedBytes(attachment.payload.url)).toBe('png-bytes');
});
