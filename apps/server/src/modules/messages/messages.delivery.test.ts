import { and, asc, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { messages } from '../../db/schema/index.js';

// Retries a second apart (then two, four), given up after a horizon of about 4 seconds.
const app = await createTestApp({
  env: { DELIVERY_RETRY_HOURS: String(4 / 3600), DELIVERY_RETRY_BASE_SECONDS: '1' },
});
afterAll(() => app.close());

const ticketMessages = (companyId: number, ticketId: number) =>
  app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)))
    .orderBy(asc(messages.id));

test('a message its channel keeps refusing is retried until the horizon, then ends failed with a reason', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const webchat = app.deps.channels.get('webchat');
  app.deps.channels.set('webchat', {
    send: async () => {
      throw new Error('provider down');
    },
  });

  const { body: reply } = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Olá' },
  });
  const [failed] = await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    ([row]) => row?.ack !== 0,
    30_000,
  );
  if (webchat) app.deps.channels.set('webchat', webchat);

  expect(failed).toMatchObject({
    id: reply.id,
    ack: -1,
    sendState: 'failed',
    failedReason: 'ERR_SENDING_WAPP_MSG',
  });
  expect(failed?.sendAttempts).toBeGreaterThanOrEqual(3);
});

test('a refused send is retried and the replies written after it wait: they leave in the order written', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const left: string[] = [];
  let refusedOnce = false;
  const webchat = app.deps.channels.get('webchat');
  app.deps.channels.set('webchat', {
    send: async ({ message }) => {
      if (message.ticketId === ticket.id && message.body === 'primeira' && !refusedOnce) {
        refusedOnce = true;
        throw new Error('provider refused this one');
      }
      if (message.ticketId === ticket.id) left.push(message.body);
      return { externalId: `out-${message.id}`, ack: 1 };
    },
  });
  const send = (body: string) =>
    call(app, 'POST', `/messages/${ticket.id}`, { token: tenant.admin.token, body: { body } });

  for (const body of ['primeira', 'segunda', 'terceira']) await send(body);
  const rows = await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    (found) => found.length === 3 && found.every((row) => row.ack !== 0),
  );
  if (webchat) app.deps.channels.set('webchat', webchat);

  expect(rows.map(({ body, ack, sendState }) => ({ body, ack, sendState }))).toEqual([
    { body: 'primeira', ack: 1, sendState: 'sent' },
    { body: 'segunda', ack: 1, sendState: 'sent' },
    { body: 'terceira', ack: 1, sendState: 'sent' },
  ]);
  expect(rows[0]?.sendAttempts).toBe(2);
  expect(left).toEqual(['primeira', 'segunda', 'terceira']);
});

test('an attendant cancels a send being retried: it never leaves, shows cancelled, and cannot be cancelled twice', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const other = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const attempts: number[] = [];
  const webchat = app.deps.channels.get('webchat');
  app.deps.channels.set('webchat', {
    send: async ({ message }) => {
      attempts.push(message.id);
      throw new Error('provider down');
    },
  });

  const { body: reply } = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'durante a queda' },
  });
  await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    ([row]) => row?.sendState === 'retrying',
  );
  const foreign = await call(app, 'POST', `/messages/${reply.id}/cancel`, { token: other.admin.token });
  const cancelled = await call(app, 'POST', `/messages/${reply.id}/cancel`, { token: tenant.admin.token });
  const again = await call(app, 'POST', `/messages/${reply.id}/cancel`, { token: tenant.admin.token });
  const triedBefore = attempts.length;
  // Past the moment its next retry was due: the outbox leaves a cancelled send alone.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  if (webchat) app.deps.channels.set('webchat', webchat);

  expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  expect(cancelled).toMatchObject({
    status: 200,
    body: { id: reply.id, sendState: 'cancelled', ack: -1, failedReason: 'ERR_SEND_CANCELLED' },
  });
  expect(again).toMatchObject({ status: 409, body: { error: 'ERR_MESSAGE_NOT_CANCELLABLE' } });
  expect(attempts.length).toBe(triedBefore);
  const [row] = await ticketMessages(tenant.companyId, ticket.id);
  expect(row).toMatchObject({ sendState: 'cancelled', ack: -1 });
});
