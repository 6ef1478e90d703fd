import { existsSync, readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { type Part, sendMedia } from '../../../test/multipart.js';
import { messages, queues, tickets, userQueues } from '../../db/schema/index.js';

/** About 10 KB, so an oversized file stays small in the test. */
const app = await createTestApp({ env: { MAX_UPLOAD_MB: '0.01' } });
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

const send = (ticketId: number, token: string, part: Part) => sendMedia(app, ticketId, token, part);

const storedFiles = () => {
  const dir = app.deps.config.mediaDir;
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')) : [];
};
const messagesOf = (ticketId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.ticketId, ticketId));

async function openTicket() {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  return { tenant, ticket };
}

describe('attachments sent by an attendant', () => {
  test('an image is stored, shown with its caption and name, and read back through its signed link', async () => {
    const { tenant, ticket } = await openTicket();

    const sent = await send(ticket.id, tenant.admin.token, {
      filename: 'foto.png',
      type: 'image/png',
      bytes: PNG,
      fields: { body: 'Segue a foto' },
    });

    expect(sent.statusCode).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({ body: 'Segue a foto', mediaType: 'image', mediaName: 'foto.png' });
    const file = await app.inject({ method: 'GET', url: message.mediaUrl });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  test('a document without caption shows its name as the last message of the ticket', async () => {
    const { tenant, ticket } = await openTicket();

    const sent = await send(ticket.id, tenant.admin.token, {
      filename: 'contrato.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });

    expect(sent.json()).toMatchObject({ body: '', mediaType: 'application', mediaName: 'contrato.pdf' });
    const { body } = await call(app, 'GET', `/tickets/${ticket.id}`, { token: tenant.admin.token });
    expect(body.lastMessage).toBe('📎 contrato.pdf');
  });

  test('a text document is served as a download, never opened in the app', async () => {
    const { tenant, ticket } = await openTicket();

    const sent = await send(ticket.id, tenant.admin.token, {
      filename: 'lista.csv',
      type: 'text/csv',
      bytes: Buffer.from('nome;valor\nCafé;10\n'),
    });

    const file = await app.inject({ method: 'GET', url: sent.json().mediaUrl });
    expect(file.headers['content-disposition']).toBe('attachment');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  const refusals: [string, Part, number, string][] = [
    [
      'an oversized file',
      { filename: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(20_000)]) },
      413,
      'ERR_FILE_TOO_LARGE',
    ],
    [
      'a script named .png',
      { filename: 'foto.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
      415,
      'ERR_FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'a pdf declared as audio',
      { filename: 'voz.ogg', type: 'audio/ogg', bytes: PDF },
      415,
      'ERR_FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'an image under a document name',
      { filename: 'nota.pdf', type: 'application/pdf', bytes: PNG },
      415,
      'ERR_FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'an html page',
      { filename: 'page.html', type: 'text/html', bytes: Buffer.from('<html><body>hi</body></html>') },
      415,
      'ERR_FILE_TYPE_NOT_ALLOWED',
    ],
  ];

  test.each(
    refusals,
  )('%s is refused with a clear code and nothing is stored', async (_, part, status, code) => {
    const { tenant, ticket } = await openTicket();
    const filesBefore = storedFiles().length;

    const sent = await send(ticket.id, tenant.admin.token, part);

    expect({ status: sent.statusCode, error: sent.json().error }).toEqual({ status, error: code });
    expect(await messagesOf(ticket.id)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  test('a ticket not open refuses the file before storing it', async () => {
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId, { status: 'pending' });
    const filesBefore = storedFiles().length;

    const sent = await send(ticket.id, tenant.admin.token, {
      filename: 'a.png',
      type: 'image/png',
      bytes: PNG,
    });

    expect(sent.json()).toMatchObject({ error: 'ERR_CREATING_MESSAGE' });
    expect(storedFiles()).toHaveLength(filesBefore);
  });
});

describe('the contact drawer', () => {
  async function withAttachments() {
    const { tenant, ticket } = await openTicket();
    const token = tenant.admin.token;
    await send(ticket.id, token, { filename: 'a.png', type: 'image/png', bytes: PNG });
    await send(ticket.id, token, { filename: 'b.pdf', type: 'application/pdf', bytes: PDF });
    await call(app, 'POST', `/messages/${ticket.id}`, {
      token,
      body: { body: 'Veja https://exemplo.com.br/pedido?id=7 e http://outro.test' },
    });
    return { tenant, ticket };
  }

  test('lists media, documents and links of the conversation, and its images', async () => {
    const { tenant, ticket } = await withAttachments();

    const media = await call(app, 'GET', `/messages/getmedia/${ticket.id}`, { token: tenant.admin.token });
    const images = await call(app, 'GET', `/messages/listimages/${ticket.id}`, { token: tenant.admin.token });

    expect(media.status).toBe(200);
    expect(media.body.media.map((m: { mediaName: string }) => m.mediaName)).toEqual(['a.png']);
    expect(media.body.documents.map((m: { mediaName: string }) => m.mediaName)).toEqual(['b.pdf']);
    expect(media.body.links.map((l: { url: string }) => l.url)).toEqual([
      'https://exemplo.com.br/pedido?id=7',
      'http://outro.test',
    ]);
    expect(images.body.images).toHaveLength(1);
    expect(images.body.images[0].mediaUrl).toMatch(/^\/media\/company\d+\/messages\/.+\.png\?exp=/);
  });

  test("another company's ticket, or one outside the user's queues, is not found", async () => {
    const { tenant, ticket } = await withAttachments();
    const stranger = await createTenant(app);
    const [queue] = await app.deps.db
      .insert(queues)
      .values({ companyId: tenant.companyId, name: 'Vendas', color: '#111111' })
      .returning();
    await app.deps.db
      .update(tickets)
      .set({ queueId: queue?.id, userId: null })
      .where(eq(tickets.id, ticket.id));
    const outsider = await createUser(app, tenant.companyId);
    const member = await createUser(app, tenant.companyId);
    await app.deps.db.insert(userQueues).values({ userId: member.id, queueId: queue?.id as number });

    for (const url of [`/messages/getmedia/${ticket.id}`, `/messages/listimages/${ticket.id}`]) {
      expect((await call(app, 'GET', url, { token: stranger.admin.token })).status).toBe(404);
      expect((await call(app, 'GET', url, { token: outsider.token })).status).toBe(404);
      expect((await call(app, 'GET', url, { token: member.token })).status).toBe(200);
    }
  });
});

describe('contact cards and signatures', () => {
  test('a contact card is sent as a vCard and previewed by the name', async () => {
    const { tenant, ticket } = await openTicket();

    const sent = await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'Suporte', vCard: { name: 'Suporte Técnico', number: '+55 11 3333-4444' } },
    });

    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ mediaType: 'contactMessage', mediaName: 'Suporte Técnico' });
    expect(sent.body.body).toContain('FN:Suporte Técnico');
    expect(sent.body.body).toContain('TEL;type=CELL;waid=551133334444:+551133334444');
    const { body } = await call(app, 'GET', `/tickets/${ticket.id}`, { token: tenant.admin.token });
    expect(body.lastMessage).toBe('👤 Suporte Técnico');
  });

  test("a message is signed only when asked and the company's setting allows it", async () => {
    const { tenant, ticket } = await openTicket();
    const token = tenant.admin.token;
    const send = (body: string) =>
      call(app, 'POST', `/messages/${ticket.id}`, { token, body: { body, signMessage: true } });

    await call(app, 'PUT', '/settings/sendSignMessage', { token, body: { value: 'disabled' } });
    const unsigned = await send('sem assinatura');
    await call(app, 'PUT', '/settings/sendSignMessage', { token, body: { value: 'enabled' } });
    const signed = await send('com assinatura');

    expect(unsigned.body.body).toBe('sem assinatura');
    expect(signed.body.body).toMatch(/^\*.+:\*\ncom assinatura$/);
  });
});
