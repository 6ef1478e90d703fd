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

test('the picker lists, from the WABA, only approved templates that need nothing but body values', async () => {
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
      header: null,
      body: 'Olá {{1}}, seu chamado {{2}} foi atualizado.',
      footer: null,
      variables: 2,
    },
    {
      name: 'boas_vindas',
      language: 'pt_BR',
      category: 'MARKETING',
      header: 'Bem-vindo',
      body: 'Obrigado por falar com a Loja X!',
      footer: 'Loja X',
      variables: 0,
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
  const queue = (template: { name: string; language: string; parameters: string[] }) =>
    storeOutbound(app.deps, {
      companyId: tenant.companyId,
      ticket,
      body: template.name,
      kind: 'chat',
      userId: tenant.admin.id,
      template,
    });

  const withdrawn = await queue({ name: 'retirado', language: 'pt_BR', parameters: [] });
  const mismatched = await queue({ name: 'ticket_update', language: 'pt_BR', parameters: ['Maria'] });

  const rows = await waitFor(
    () => outbound(tenant.companyId),
    (found) => found.every((row) => row.ack === -1),
  );
  expect(rows.map((row) => [row.id, row.failedReason])).toEqual([
    [withdrawn.id, 'ERR_TEMPLATE_NOT_FOUND'],
    [mismatched.id, 'ERR_TEMPLATE_PARAMS'],
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
