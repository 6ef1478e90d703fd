import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { messages } from '../../db/schema/index.js';
import { setAck } from './messages.delivery.js';

const app = await createTestApp();
afterAll(() => app.close());

/**
 * A reply the channel already took (stored as sent): a posted one would race the outbox, which
 * settles it on its own time (this test ticket's website contact has no visitor, so it fails).
 */
async function openTicketWithSentReply() {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const [message] = await app.deps.db
    .insert(messages)
    .values({
      companyId: tenant.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      body: 'Olá',
      fromMe: true,
      ack: 1,
      sendState: 'sent',
    })
    .returning();
  if (!message) throw new Error('reply not stored');
  return { tenant, ticket, message };
}

test('acks only move forward', async () => {
  const { tenant, ticket, message } = await openTicketWithSentReply();

  await setAck(app.deps, tenant.companyId, message.id, 3);
  await setAck(app.deps, tenant.companyId, message.id, 1);

  const { body } = await call(app, 'GET', `/messages/${ticket.id}`, { token: tenant.admin.token });
  expect(body.messages.find((m: { id: number }) => m.id === message.id).ack).toBe(3);
});

test('replies need an open ticket and a body', async () => {
  const tenant = await createTenant(app);
  const pending = await createTicket(app, tenant.companyId);

  const onPending = await call(app, 'POST', `/messages/${pending.id}`, {
    token: tenant.admin.token,
    body: { body: 'oi' },
  });
  const blank = await call(app, 'POST', `/messages/${pending.id}`, {
    token: tenant.admin.token,
    body: { body: '   ' },
  });

  expect(onPending).toMatchObject({ status: 400, body: { error: 'ERR_CREATING_MESSAGE' } });
  expect(blank).toMatchObject({ status: 400, body: { fields: { body: 'required' } } });
});
