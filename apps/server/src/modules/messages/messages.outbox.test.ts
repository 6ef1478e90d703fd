import { and, asc, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { messages, ticketCycles, tickets } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

async function ticketMessages(companyId: number, ticketId: number) {
  return app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)));
}

/** An outbound message as a process left it: claimed (`state` pending) or mid-request (`sending`) when it died. */
async function leftByDeadProcess(
  ticket: { id: number; companyId: number; contactId: number; connectionId: number | null },
  body: string,
  state: 'pending' | 'sending',
) {
  const [row] = await app.deps.db
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      body,
      fromMe: true,
      sendState: state,
      sendAttempts: state === 'sending' ? 1 : 0,
      nextAttemptAt: new Date(Date.now() - 60_000),
      sendLeaseOwner: 'dead-process',
      sendLeaseExpiresAt: new Date(Date.now() - 1_000),
    })
    .returning();
  if (!row) throw new Error('not stored');
  return row;
}

test('a send claimed by a process that died before its request is sent by another once its lease expired, once', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const sent: number[] = [];
  const webchat = app.deps.channels.get('webchat');
  app.deps.channels.set('webchat', {
    send: async ({ message }) => {
      if (message.ticketId === ticket.id) sent.push(message.id);
      return { externalId: `out-${message.id}`, ack: 1 };
    },
  });
  const claimed = await leftByDeadProcess(
    { ...ticket, companyId: tenant.companyId },
    'reivindicada',
    'pending',
  );

  app.deps.outbox.wake();
  const [delivered] = await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    ([row]) => (row?.ack ?? 0) > 0,
  );
  if (webchat) app.deps.channels.set('webchat', webchat);

  expect(delivered).toMatchObject({
    id: claimed.id,
    ack: 1,
    sendState: 'sent',
    externalId: `out-${claimed.id}`,
  });
  expect(sent.filter((id) => id === claimed.id)).toHaveLength(1);
});

test('a send whose process died mid-request is not repeated blindly: it waits as "unknown", and the next reply of its conversation waits behind it', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const sent: number[] = [];
  const webchat = app.deps.channels.get('webchat');
  app.deps.channels.set('webchat', {
    send: async ({ message }) => {
      if (message.ticketId === ticket.id) sent.push(message.id);
      return { externalId: `out-${message.id}`, ack: 1 };
    },
  });
  const inFlight = await leftByDeadProcess({ ...ticket, companyId: tenant.companyId }, 'no ar', 'sending');
  const { body: next } = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'depois' },
  });

  const rows = await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    (found) => found.some((row) => row.id === inFlight.id && row.sendState === 'unknown'),
  );
  if (webchat) app.deps.channels.set('webchat', webchat);

  expect(rows.find((row) => row.id === inFlight.id)).toMatchObject({ ack: 0, sendLeaseOwner: null });
  expect(rows.find((row) => row.id === next.id)).toMatchObject({ ack: 0, sendState: 'pending' });
  expect(sent).toEqual([]);
});

test('a queued message whose connection was deleted is marked failed', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  await app.deps.db.insert(messages).values({
    companyId: tenant.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    connectionId: null,
    body: 'sem canal',
    fromMe: true,
    sendState: 'pending',
    nextAttemptAt: new Date(),
  });

  app.deps.outbox.wake();
  const [failed] = await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    ([row]) => row?.ack !== 0,
  );

  expect(failed).toMatchObject({ ack: -1, sendState: 'failed', failedReason: 'ERR_SENDING_WAPP_MSG' });
});

test("an agent's first reply is the reply time of the ticket and of its open cycle; a later one moves neither", async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const closedAt = new Date(Date.now() - 60 * 60_000);
  await app.deps.db.insert(ticketCycles).values([
    { companyId: tenant.companyId, ticketId: ticket.id, closedAt },
    { companyId: tenant.companyId, ticketId: ticket.id },
  ]);
  const reply = (body: string) =>
    call(app, 'POST', `/messages/${ticket.id}`, { token: tenant.admin.token, body: { body } });
  const replyTimes = async () => {
    const [row] = await app.deps.db
      .select({ firstReplyAt: tickets.firstReplyAt, lastMessage: tickets.lastMessage })
      .from(tickets)
      .where(eq(tickets.id, ticket.id));
    const cycles = await app.deps.db
      .select({ firstReplyAt: ticketCycles.firstReplyAt, closedAt: ticketCycles.closedAt })
      .from(ticketCycles)
      .where(eq(ticketCycles.ticketId, ticket.id))
      .orderBy(asc(ticketCycles.id));
    return { ticket: row, cycles };
  };

  await reply('Primeira');
  const first = await replyTimes();
  await reply('Segunda');
  const second = await replyTimes();

  expect(first.ticket?.firstReplyAt).toBeInstanceOf(Date);
  expect(first.cycles).toEqual([
    { firstReplyAt: null, closedAt },
    { firstReplyAt: expect.any(Date), closedAt: null },
  ]);
  expect(second).toEqual({ ticket: { ...first.ticket, lastMessage: 'Segunda' }, cycles: first.cycles });
});
