import { events } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createQueue, createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { prompts, queueIntegrations, tickets } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

async function promptOf(companyId: number) {
  const [row] = await app.deps.db
    .insert(prompts)
    .values({ companyId, name: 'Atendente', prompt: 'Seja gentil', apiKey: 'sealed' })
    .returning();
  return row as typeof prompts.$inferSelect;
}

const botFieldsOf = async (id: number) => {
  const [row] = await app.deps.db
    .select({
      useIntegration: tickets.useIntegration,
      amountUsedBotQueues: tickets.amountUsedBotQueues,
      promptId: tickets.promptId,
      status: tickets.status,
    })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row;
};

test('PUT sets and clears useIntegration, amountUsedBotQueues and promptId', async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const prompt = await promptOf(tenant.companyId);
  const ticket = await createTicket(app, tenant.companyId);

  const handed = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token,
    body: { useIntegration: true, promptId: prompt.id, amountUsedBotQueues: 2 },
  });
  expect(handed.status).toBe(200);
  expect(handed.body.useIntegration).toBe(true);
  expect(await botFieldsOf(ticket.id)).toEqual({
    useIntegration: true,
    amountUsedBotQueues: 2,
    promptId: prompt.id,
    status: 'pending',
  });

  const back = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token,
    body: { useIntegration: false, promptId: null, amountUsedBotQueues: 0 },
  });
  expect(back.status).toBe(200);
  expect(back.body.useIntegration).toBe(false);
  expect(await botFieldsOf(ticket.id)).toEqual({
    useIntegration: false,
    amountUsedBotQueues: 0,
    promptId: null,
    status: 'pending',
  });
});

test('closing can turn the integration off in the same request', async () => {
  const tenant = await createTenant(app);
  const prompt = await promptOf(tenant.companyId);
  const ticket = await createTicket(app, tenant.companyId, {
    status: 'open',
    userId: tenant.admin.id,
    useIntegration: true,
    promptId: prompt.id,
  });

  const closed = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token: tenant.admin.token,
    body: { status: 'closed', useIntegration: false, promptId: null, sendFarewellMessage: false },
  });

  expect(closed.status).toBe(200);
  expect(await botFieldsOf(ticket.id)).toEqual({
    useIntegration: false,
    amountUsedBotQueues: 0,
    promptId: null,
    status: 'closed',
  });
});

test("a prompt named takes the place of the ticket's queue integration", async () => {
  const tenant = await createTenant(app);
  const prompt = await promptOf(tenant.companyId);
  const [hook] = await app.deps.db
    .insert(queueIntegrations)
    .values({ companyId: tenant.companyId, type: 'webhook', name: 'Hook' })
    .returning();
  const ticket = await createTicket(app, tenant.companyId, { useIntegration: true, integrationId: hook?.id });

  await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token: tenant.admin.token,
    body: { promptId: prompt.id },
  });

  const [row] = await app.deps.db
    .select({ integrationId: tickets.integrationId, promptId: tickets.promptId })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  expect(row).toEqual({ integrationId: null, promptId: prompt.id });
});

test("another company's prompt is not found, and nothing changes", async () => {
  const tenant = await createTenant(app);
  const elsewhere = await createTenant(app);
  const foreign = await promptOf(elsewhere.companyId);
  const ticket = await createTicket(app, tenant.companyId);

  const refused = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token: tenant.admin.token,
    body: { useIntegration: true, promptId: foreign.id },
  });

  expect(refused.status).toBe(404);
  expect(refused.body.error).toBe('ERR_NO_PROMPT_FOUND');
  expect(await botFieldsOf(ticket.id)).toMatchObject({ useIntegration: false, promptId: null });
});

test("an attendant changes them on tickets they hold or that wait, not on a colleague's", async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId, { allTicket: 'enable' });
  const colleague = await createUser(app, tenant.companyId, { allTicket: 'enable' });
  const queue = await createQueue(app, tenant.companyId, [attendant, colleague]);
  const theirs = await createTicket(app, tenant.companyId, {
    status: 'open',
    userId: colleague.id,
    queueId: queue.id,
  });
  const mine = await createTicket(app, tenant.companyId, {
    status: 'open',
    userId: attendant.id,
    queueId: queue.id,
  });
  const waiting = await createTicket(app, tenant.companyId, { queueId: queue.id });
  const token = attendant.token;

  const onTheirs = await call(app, 'PUT', `/tickets/${theirs.id}`, { token, body: { useIntegration: true } });
  const onMine = await call(app, 'PUT', `/tickets/${mine.id}`, { token, body: { amountUsedBotQueues: 1 } });
  const onWaiting = await call(app, 'PUT', `/tickets/${waiting.id}`, {
    token,
    body: { useIntegration: true },
  });

  expect(onTheirs).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  expect(await botFieldsOf(theirs.id)).toMatchObject({ useIntegration: false });
  expect(onMine.status).toBe(200);
  expect(await botFieldsOf(mine.id)).toMatchObject({ amountUsedBotQueues: 1 });
  expect(onWaiting.status).toBe(200);
  expect(await botFieldsOf(waiting.id)).toMatchObject({ useIntegration: true });
});

test('a prompt needs the plan’s AI assistant; a negative count is bad input', async () => {
  const tenant = await createTenant(app, { plan: { useOpenAi: false } });
  const prompt = await promptOf(tenant.companyId);
  const ticket = await createTicket(app, tenant.companyId);
  const token = tenant.admin.token;

  const withPrompt = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token,
    body: { promptId: prompt.id },
  });
  const negative = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token,
    body: { amountUsedBotQueues: -1 },
  });

  expect(withPrompt).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
  expect(negative).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  expect(await botFieldsOf(ticket.id)).toMatchObject({ promptId: null, amountUsedBotQueues: 0 });
});

test('lists hear the ticket when only its bot state changed', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId);
  const socket = await live.connect({ token: tenant.admin.token });
  const heard = collect<{ action: string; ticket?: { id: number; useIntegration: boolean } }>(
    socket,
    events.ticket(tenant.companyId),
  );

  await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token: tenant.admin.token,
    body: { useIntegration: true },
  });
  await waitFor(
    async () => heard,
    (seen) => seen.length > 0,
    5000,
  );

  expect(heard[0]?.ticket).toMatchObject({ id: ticket.id, useIntegration: true });
});
