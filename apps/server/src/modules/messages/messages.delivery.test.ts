import { and, asc, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { messages } from '../../db/schema/index.js';

// No retries, so the job reaches the dead-letter queue at its first failure.
const app = await createTestApp({ env: { DELIVERY_RETRY_LIMIT: '0' } });
afterAll(() => app.close());

test('a message its channel keeps refusing ends failed with a reason after the last retry', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
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
    () =>
      app.deps.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, tenant.companyId), eq(messages.id, reply.id))),
    ([row]) => row?.ack !== 0,
  );

  expect(failed).toMatchObject({ ack: -1, failedReason: 'ERR_SENDING_WAPP_MSG' });
});

test('a delivery that fails leaves the deliveries taken in the same batch to succeed', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  // The first send holds the worker until the next two are queued, so that one fetch takes both; the
  // batch's first delivery (whichever pg-boss puts first) is refused.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let refused: number | undefined;
  const webchat = app.deps.channels.get('webchat');
  app.deps.channels.set('webchat', {
    send: async ({ message }) => {
      if (message.ticketId !== ticket.id) return { externalId: `out-${message.id}`, ack: 1 };
      if (message.body === 'primeira') await held;
      else if (refused === undefined) {
        refused = message.id;
        throw new Error('provider refused this one');
      }
      return { externalId: `out-${message.id}`, ack: 1 };
    },
  });
  const send = (body: string) =>
    call(app, 'POST', `/messages/${ticket.id}`, { token: tenant.admin.token, body: { body } });

  await send('primeira');
  await send('segunda');
  await send('terceira');
  release();
  const rows = await waitFor(
    () =>
      app.deps.db
        .select({ id: messages.id, body: messages.body, ack: messages.ack })
        .from(messages)
        .where(and(eq(messages.companyId, tenant.companyId), eq(messages.ticketId, ticket.id)))
        .orderBy(asc(messages.id)),
    (found) => found.length === 3 && found.every((row) => row.ack !== 0),
  );
  if (webchat) app.deps.channels.set('webchat', webchat);

  expect(rows.map(({ body, ack }) => ({ body, ack }))).toEqual([
    { body: 'primeira', ack: 1 },
    ...rows.slice(1).map(({ id, body }) => ({ body, ack: id === refused ? -1 : 1 })),
  ]);
  expect(rows.filter((row) => row.ack === -1).map((row) => row.id)).toEqual([refused]);
});
