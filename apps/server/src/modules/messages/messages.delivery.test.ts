import { and, eq } from 'drizzle-orm';
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
