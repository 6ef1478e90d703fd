import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import { cloudMessage, cloudStatus, cloudText } from '../../../test/fake-graph/fixtures.js';
import { acceptTicket, createCloudTenant, createMetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { connections, messages } from '../../db/schema/index.js';
import { storeOutbound } from '../../modules/messages/messages.outbox.js';

const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

/** A customer who wrote 25 hours ago: only a template may answer them now. */
async function lapsedConversation(from: string) {
  const tenant = await createCloudTenant(meta);
  await meta.webhook(cloudMessage(from, cloudText('oi'), { phoneNumberId: tenant.phoneNumberId }).payload);
  await app.deps.db
    .update(messages)
    .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
    .where(eq(messages.companyId, tenant.companyId));
  fake.closeWindow(from);
  return { tenant, ticket: await acceptTicket(meta, tenant) };
}

const outbound = (companyId: number) =>
  app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true)))
    .orderBy(messages.id);

test('the picker lists, from the WABA, the approved templates whose every part it can fill (not OTP, location or pending)', async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000001');

  const { status, body } = await call(app, 'GET', `/messages/${ticket.id}/templates`, {
    token: tenant.admin.token,
  });

  expect(status).toBe(200);
  expect(body.templates).toEqual([
    {
      name: 'ticket_update',
      language: 'pt_BR',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      header: null,
      body: 'Olá {{1}}, seu chamado {{2}} foi atualizado.',
      footer: null,
      variables: ['1', '2'],
      buttons: [],
    },
    {
      name: 'boas_vindas',
      language: 'pt_BR',
      category: 'MARKETING',
      parameterFormat: 'POSITIONAL',
      header: { format: 'TEXT', text: 'Bem-vindo', variable: null },
      body: 'Obrigado por falar com a Loja X!',
      footer: 'Loja X',
      variables: [],
      buttons: [],
    },
    {
      name: 'pedido_pronto',
      language: 'pt_BR',
      category: 'UTILITY',
      parameterFormat: 'NAMED',
      header: { format: 'TEXT', text: 'Pedido {{order_id}}', variable: 'order_id' },
      body: 'Olá {{first_name}}, seu pedido {{order_id}} está pronto.',
      footer: null,
      variables: ['first_name', 'order_id'],
      buttons: [{ index: 0, text: 'Acompanhar', url: 'https://loja.example/pedidos/{{1}}' }],
    },
    {
      name: 'promo_imagem',
      language: 'pt_BR',
      category: 'MARKETING',
      parameterFormat: 'POSITIONAL',
      header: { format: 'IMAGE', text: null, variable: null },
      body: 'Promoção da semana',
      footer: null,
      variables: [],
      buttons: [],
    },
  ]);
  const listed = fake.calls.findLast((c) => c.path.endsWith('/message_templates'));
  expect(listed?.path).toBe(`/v21.0/${tenant.connection.wabaId}/message_templates`);
});

test('outside the window a template goes out as type "template", stored first as the text the customer reads', {
  timeout: 60_000,
}, async () => {
  const from = '5511910000002';
  const { tenant, ticket } = await lapsedConversation(from);

  const sent = await call(app, 'POST', `/messages/${ticket.id}/template`, {
    token: tenant.admin.token,
    body: { name: 'ticket_update', language: 'pt_BR', parameters: ['Maria', '#1234'] },
  });

  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({ body: 'Olá Maria, seu chamado #1234 foi atualizado.', fromMe: true });
  const [read] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, sent.body.id)),
    ([row]) => (row?.ack ?? 0) >= 3,
  );
  const accepted = fake.accepted().filter((c) => (c.body as { to?: string }).to === from);
  expect(accepted.map((c) => c.body)).toEqual([
    expect.objectContaining({
      type: 'template',
      template: {
        name: 'ticket_update',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Maria' },
              { type: 'text', text: '#1234' },
            ],
          },
        ],
      },
    }),
  ]);
  expect(read).toMatchObject({ ack: 3, externalId: accepted[0]?.accepted });
});

/** The template bodies Meta accepted for `to`, oldest first. */
const acceptedFor = (to: string) =>
  fake
    .accepted()
    .filter((c) => (c.body as { to?: string }).to === to)
    .map((c) => (c.body as { template?: unknown }).template);

test('a NAMED template goes out with each value under its parameter_name, its header variable and its URL button suffix', {
  timeout: 60_000,
}, async () => {
  const from = '5511910000011';
  const { tenant, ticket } = await lapsedConversation(from);

  const sent = await call(app, 'POST', `/messages/${ticket.id}/template`, {
    token: tenant.admin.token,
    body: {
      name: 'pedido_pronto',
      language: 'pt_BR',
      header: 'A-77',
      parameters: ['Maria', 'A-77'],
      buttons: ['a77'],
    },
  });
  await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, sent.body.id)),
    ([row]) => (row?.ack ?? 0) >= 1,
  );

  expect(sent.status).toBe(201);
  expect(sent.body.body).toBe('Pedido A-77\n\nOlá Maria, seu pedido A-77 está pronto.');
  expect(acceptedFor(from)).toEqual([
    {
      name: 'pedido_pronto',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'order_id', text: 'A-77' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'first_name', text: 'Maria' },
            { type: 'text', parameter_name: 'order_id', text: 'A-77' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'a77' }] },
      ],
    },
  ]);
});

test('a media header goes by link when given an https address and by media id when given digits', {
  timeout: 60_000,
}, async () => {
  const from = '5511910000012';
  const { tenant, ticket } = await lapsedConversation(from);
  const send = (header: string) =>
    call(app, 'POST', `/messages/${ticket.id}/template`, {
      token: tenant.admin.token,
      body: { name: 'promo_imagem', language: 'pt_BR', header, parameters: [] },
    });

  const byLink = await send('https://cdn.example/promo.png');
  const byId = await send('1013859600285441');
  await waitFor(
    () => outbound(tenant.companyId),
    (rows) => rows.length === 2 && rows.every((row) => row.ack >= 1),
  );

  expect([byLink.status, byId.status]).toEqual([201, 201]);
  expect(byLink.body.body).toBe('Promoção da semana');
  expect(acceptedFor(from)).toEqual([
    expect.objectContaining({
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/promo.png' } }] },
      ],
    }),
    expect.objectContaining({
      components: [{ type: 'header', parameters: [{ type: 'image', image: { id: '1013859600285441' } }] }],
    }),
  ]);
});

test('a header, button or media value missing, extra or unusable is refused before anything is stored', async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000013');
  const send = (body: Record<string, unknown>) =>
    call(app, 'POST', `/messages/${ticket.id}/template`, {
      token: tenant.admin.token,
      body: { language: 'pt_BR', parameters: [], ...body },
    });

  const answers = await Promise.all([
    send({ name: 'promo_imagem' }),
    send({ name: 'promo_imagem', header: 'http://cdn.example/promo.png' }),
    send({ name: 'boas_vindas', header: 'extra' }),
    send({ name: 'pedido_pronto', header: 'A-1', parameters: ['Maria', 'A-1'] }),
    send({ name: 'pedido_pronto', parameters: ['Maria', 'A-1'], buttons: ['a1'] }),
  ]);

  expect(answers.map((a) => [a.status, a.body.error])).toEqual(
    Array.from({ length: 5 }, () => [400, 'ERR_TEMPLATE_PARAMS']),
  );
  expect(await outbound(tenant.companyId)).toEqual([]);
});

test('an unknown template or a wrong number of values is refused before anything is stored', async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000003');

  const unknown = await call(app, 'POST', `/messages/${ticket.id}/template`, {
    token: tenant.admin.token,
    body: { name: 'em_revisao', language: 'pt_BR', parameters: [] },
  });
  const short = await call(app, 'POST', `/messages/${ticket.id}/template`, {
    token: tenant.admin.token,
    body: { name: 'ticket_update', language: 'pt_BR', parameters: ['Maria'] },
  });

  expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_TEMPLATE_NOT_FOUND' } });
  expect(short).toMatchObject({ status: 400, body: { error: 'ERR_TEMPLATE_PARAMS' } });
  expect(await outbound(tenant.companyId)).toEqual([]);
});

test('Meta refusing a template (132001 withdrawn, 132000 values) fails the message with that reason at once', {
  timeout: 60_000,
}, async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000004');
  const queue = (template: { name: string; language: string; components: unknown[] }) =>
    storeOutbound(app.deps, {
      companyId: tenant.companyId,
      ticket,
      body: template.name,
      kind: 'chat',
      userId: tenant.admin.id,
      template,
    });

  const text = (value: string, name?: string) => ({ type: 'text', text: value, parameter_name: name });
  const withdrawn = await queue({ name: 'retirado', language: 'pt_BR', components: [] });
  const mismatched = await queue({
    name: 'ticket_update',
    language: 'pt_BR',
    components: [{ type: 'body', parameters: [text('Maria')] }],
  });
  const misnamed = await queue({
    name: 'pedido_pronto',
    language: 'pt_BR',
    components: [
      { type: 'header', parameters: [text('A-1', 'order_id')] },
      { type: 'body', parameters: [text('Maria', 'name'), text('A-1', 'order_id')] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [text('A-1')] },
    ],
  });
  const imageless = await queue({ name: 'promo_imagem', language: 'pt_BR', components: [] });

  const rows = await waitFor(
    () => outbound(tenant.companyId),
    (found) => found.every((row) => row.ack === -1),
  );
  expect(rows.map((row) => [row.id, row.failedReason])).toEqual([
    [withdrawn.id, 'ERR_TEMPLATE_NOT_FOUND'],
    [mismatched.id, 'ERR_TEMPLATE_PARAMS'],
    [misnamed.id, 'ERR_TEMPLATE_PARAMS'],
    [imageless.id, 'ERR_TEMPLATE_PARAMS'],
  ]);
});

test('a template Meta accepts and later reports failed (132000 in the status) takes that reason', {
  timeout: 60_000,
}, async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000007');
  const sent = await call(app, 'POST', `/messages/${ticket.id}/template`, {
    token: tenant.admin.token,
    body: { name: 'boas_vindas', language: 'pt_BR', parameters: [] },
  });
  const [accepted] = await waitFor(
    () => app.deps.db.select().from(messages).where(eq(messages.id, sent.body.id)),
    ([row]) => row?.externalId !== null,
  );
  await fake.settle();
  // Meta's statuses may come in any order: the failure is reported while the send is still "sent".
  await app.deps.db.update(messages).set({ ack: 1 }).where(eq(messages.id, sent.body.id));

  await meta.webhook(cloudStatus(accepted?.externalId ?? '', 'failed', 132000, tenant.phoneNumberId));

  const [failed] = await app.deps.db.select().from(messages).where(eq(messages.id, sent.body.id));
  expect(failed).toMatchObject({ ack: -1, failedReason: 'ERR_TEMPLATE_PARAMS' });
});

test('a token Meta refuses makes the listing a clear channel error', async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000008');
  await app.deps.db
    .update(connections)
    .set({ accessToken: app.deps.secrets.seal('REVOKED') })
    .where(eq(connections.companyId, tenant.companyId));

  const { status, body } = await call(app, 'GET', `/messages/${ticket.id}/templates`, {
    token: tenant.admin.token,
  });

  expect(status).toBe(400);
  expect(body.error).toBe('ERR_CHANNEL_AUTH');
});

test('a connection without its WABA id says so instead of listing', async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000005');
  await app.deps.db
    .update(connections)
    .set({ wabaId: null })
    .where(eq(connections.companyId, tenant.companyId));

  const { status, body } = await call(app, 'GET', `/messages/${ticket.id}/templates`, {
    token: tenant.admin.token,
  });

  expect(status).toBe(400);
  expect(body.error).toBe('ERR_NO_WABA_ID');
});

test('a WABA id Meta does not know says so instead of "error sending the message"', async () => {
  const { tenant, ticket } = await lapsedConversation('5511910000009');
  await app.deps.db
    .update(connections)
    .set({ wabaId: '999' })
    .where(eq(connections.companyId, tenant.companyId));

  const { status, body } = await call(app, 'GET', `/messages/${ticket.id}/templates`, {
    token: tenant.admin.token,
  });

  expect(status).toBe(400);
  expect(body.error).toBe('ERR_NO_WABA_ID');
});

test("another company's ticket has neither templates to list nor a template to send", async () => {
  const { ticket } = await lapsedConversation('5511910000006');
  const other = await createCloudTenant(meta);

  const listed = await call(app, 'GET', `/messages/${ticket.id}/templates`, { token: other.admin.token });
  const sent = await call(app, 'POST', `/messages/${ticket.id}/template`, {
    token: other.admin.token,
    body: { name: 'boas_vindas', language: 'pt_BR', parameters: [] },
  });

  expect(listed).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  expect(sent).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
  expect(await outbound(ticket.companyId)).toEqual([]);
});
