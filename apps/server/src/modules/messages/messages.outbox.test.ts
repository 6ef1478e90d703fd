import { and, asc, eq } from 'drizzle-orm';
import { afterAll, expect, test, vi } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { messages, ticketCycles, tickets } from '../../db/schema/index.js';
import { requeueStrandedMessages } from './messages.outbox.js';

const app = await createTestApp();
afterAll(() => app.close());

async function ticketMessages(companyId: number, ticketId: number) {
  return app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)));
}

test('a reply whose delivery job cannot be queued is not stored either', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const send = vi.spyOn(app.deps.jobs, 'send').mockRejectedValueOnce(new Error('queue unavailable'));

  const { status } = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Olá' },
  });
  send.mockRestore();

  expect(status).toBe(500);
  expect(await ticketMessages(tenant.companyId, ticket.id)).toEqual([]);
});

test('a message stranded at ack 0 without a job is sent by the sweep, once', {
  timeout: 40_000,
}, async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const sent: number[] = [];
  const webchat = app.deps.channels.get('webchat');
  app.deps.channels.set('webchat', {
    send: async ({ message }) => {
      sent.push(message.id);
      return { externalId: `out-${message.id}`, ack: 1 };
    },
  });
  const [stranded] = await app.deps.db
    .insert(messages)
    .values({
      companyId: tenant.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      body: 'perdida',
      fromMe: true,
      createdAt: new Date(Date.now() - 10 * 60_000),
    })
    .returning();

  await requeueStrandedMessages(app.deps);
  const [delivered] = await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    ([row]) => (row?.ack ?? 0) > 0,
  );
  await requeueStrandedMessages(app.deps);
  if (webchat) app.deps.channels.set('webchat', webchat);

  expect(delivered).toMatchObject({ id: stranded?.id, ack: 1, externalId: `out-${stranded?.id}` });
  expect(sent.filter((id) => id === stranded?.id)).toHaveLength(1);
});

test('a stranded message whose connection was deleted is marked failed, not swept forever', {
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
    createdAt: new Date(Date.now() - 10 * 60_000),
  });

  await requeueStrandedMessages(app.deps);
  const [failed] = await waitFor(
    () => ticketMessages(tenant.companyId, ticket.id),
    ([row]) => row?.ack !== 0,
  );

  expect(failed).toMatchObject({ ack: -1, failedReason: 'ERR_SENDING_WAPP_MSG' });
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
