import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../test/app.js';
import { createConversationHarness, until } from '../../test/conversations.js';
import { createTenant, createWebchatConnection } from '../../test/fixtures.js';
import { tickets } from '../db/schema/index.js';
import { storeInbound } from '../inbox/intake-queue.js';
import { recoverSteps } from '../inbox/pending-automation.js';
import { receive } from '../inbox/receive.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';

const { app, fake, routes, setUp, close } = await createConversationHarness();
afterAll(close);

test('a message to a ticket a webhook holds is queued with the message: delivered though nothing runs after the commit, queued once when the chatbot does run', async () => {
  const received: string[] = [];
  routes.webhook = (request) => {
    received.push((request.body as { message: { body: string } }).message.body);
    return { body: {} };
  };
  const { say, ticket } = await setUp(async (token) => {
    const { body } = await call(app, 'POST', '/queueIntegration', {
      token,
      body: { type: 'webhook', name: 'Fluxo', urlN8N: `${fake.url}/hook` },
    });
    return { integrationId: body.id };
  });
  await say('primeira');
  await until(() => received.includes('primeira'));
  const engine = app.deps.integrations;

  // The process dies between the intake's commit and the chatbot: nothing after the commit runs.
  app.deps.integrations = {
    ...engine,
    runIntegration: () => Promise.reject(new Error('the process stopped here')),
  };
  try {
    await say('segunda');
  } finally {
    app.deps.integrations = engine;
  }
  await until(() => received.includes('segunda'));
  await say('terceira');
  await until(() => received.includes('terceira'));
  const row = await ticket();
  const jobs = await app.deps.db.execute(sql`
    select m.body, count(j.id)::int as jobs from messages m
    left join pgboss.job j on j.name = 'integrations.webhook' and (j.data->>'messageId')::bigint = m.id
    where m.ticket_id = ${row?.id} and not m.from_me group by m.id, m.body order by m.id`);

  // Both drivers answer `{ rows }`; their union types the result as unknown.
  expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([
    { body: 'primeira', jobs: 1 },
    { body: 'segunda', jobs: 1 },
    { body: 'terceira', jobs: 1 },
  ]);
  expect(received.filter((body) => body !== 'primeira')).toEqual(['segunda', 'terceira']);
});

test('a step the sweep recovers does not queue again the webhook its message was queued for', async () => {
  const received: string[] = [];
  routes.webhook = (request) => {
    received.push((request.body as { message: { body: string } }).message.body);
    return { body: {} };
  };
  const tenant = await createTenant(app);
  const connection = await createWebchatConnection(app, tenant.companyId);
  const { body: integration } = await call(app, 'POST', '/queueIntegration', {
    token: tenant.admin.token,
    body: { type: 'webhook', name: 'Fluxo', urlN8N: `${fake.url}/hook` },
  });
  const message = (n: number): InboundMessage => ({
    companyId: tenant.companyId,
    connectionId: connection.id,
    channel: 'webchat',
    identity: { kind: 'webchat', value: `recuperada-${tenant.companyId}` },
    contact: { name: 'Recuperada' },
    externalId: `recuperada-${n}`,
    body: `mensagem ${n}`,
  });
  const opened = await receive(app.deps, message(1));
  await app.deps.db
    .update(tickets)
    .set({ useIntegration: true, integrationId: integration.id })
    .where(eq(tickets.id, opened.ticket.id));

  // The process stores the message, with its webhook job, and stops before its automation runs.
  const held = await storeInbound(app.deps, message(2));
  held.release();
  expect(await recoverSteps(app.deps, new Date(Date.now() + 6 * 60_000))).toBe(1);
  await until(() => received.includes('mensagem 2'));
  const jobs = await app.deps.db.execute(sql`
    select count(*)::int as jobs from pgboss.job
    where name = 'integrations.webhook' and (data->>'messageId')::bigint = ${held.message.id}`);

  expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([{ jobs: 1 }]);
});
