import { events } from '@balcao/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createQueue, createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { messages, ticketLogs, tickets } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

type TicketEvent = { action: string; ticket?: { id: number; status: string }; ticketId?: number };

const statusOf = async (id: number) =>
  (await app.deps.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id)))[0]?.status;

describe('deleting a ticket', () => {
  test('an admin deletes it with its messages and everyone who saw it is told', async () => {
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId);
    await app.deps.db.insert(messages).values({
      companyId: tenant.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      body: 'olá',
      fromMe: false,
    });
    const socket = await live.connect({ token: tenant.admin.token });
    const received = collect<TicketEvent>(socket, events.ticket(tenant.companyId));

    const { status } = await call(app, 'DELETE', `/tickets/${ticket.id}`, { token: tenant.admin.token });

    expect(status).toBe(204);
    expect(await statusOf(ticket.id)).toBeUndefined();
    expect(await app.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
    const deleted = (r: TicketEvent[]) => r.some((e) => e.action === 'delete' && e.ticketId === ticket.id);
    expect(deleted(await waitFor(async () => received, deleted, 5000))).toBe(true);
  });

  test('a user profile is refused and the ticket stays', async () => {
    const tenant = await createTenant(app);
    const user = await createUser(app, tenant.companyId);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: user.id });

    const { status } = await call(app, 'DELETE', `/tickets/${ticket.id}`, { token: user.token });

    expect(status).toBe(403);
    expect(await statusOf(ticket.id)).toBe('open');
  });

  test("another company's ticket answers not found and stays", async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId);

    const { status } = await call(app, 'DELETE', `/tickets/${ticket.id}`, { token: other.admin.token });

    expect(status).toBe(404);
    expect(await statusOf(ticket.id)).toBe('pending');
  });
});

describe('closing all', () => {
  test('closes the status asked for in the queues asked for, logging each, and publishes the updates', async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const user = await createUser(app, tenant.companyId);
    const sales = await createQueue(app, tenant.companyId);
    const support = await createQueue(app, tenant.companyId);
    const inSales = await createTicket(app, tenant.companyId, { queueId: sales.id });
    const noQueue = await createTicket(app, tenant.companyId);
    const inSupport = await createTicket(app, tenant.companyId, { queueId: support.id });
    const open = await createTicket(app, tenant.companyId, {
      status: 'open',
      userId: user.id,
      queueId: sales.id,
    });
    const otherCompany = await createTicket(app, other.companyId);
    const socket = await live.connect({ token: tenant.admin.token });
    const received = collect<TicketEvent>(socket, events.ticket(tenant.companyId));

    const { status, body } = await call(app, 'POST', '/tickets/closeAll', {
      token: tenant.admin.token,
      body: { status: 'pending', queueIds: [sales.id, 0] },
    });

    expect(status).toBe(200);
    expect(body).toEqual({ closed: 2 });
    expect(await statusOf(inSales.id)).toBe('closed');
    expect(await statusOf(noQueue.id)).toBe('closed');
    expect(await statusOf(inSupport.id)).toBe('pending');
    expect(await statusOf(open.id)).toBe('open');
    expect(await statusOf(otherCompany.id)).toBe('pending');
    const logs = await app.deps.db
      .select({ ticketId: ticketLogs.ticketId, type: ticketLogs.type, userId: ticketLogs.userId })
      .from(ticketLogs)
      .where(inArray(ticketLogs.ticketId, [inSales.id, noQueue.id]));
    expect(logs).toHaveLength(2);
    expect(logs.every((l) => l.type === 'close' && l.userId === tenant.admin.id)).toBe(true);
    const published = (r: TicketEvent[]) =>
      [inSales.id, noQueue.id].every((id) =>
        r.some((e) => e.ticket?.id === id && e.ticket.status === 'closed'),
      );
    expect(published(await waitFor(async () => received, published, 5000))).toBe(true);
  });

  test('without queues it closes every ticket of the status, past one batch', async () => {
    const tenant = await createTenant(app);
    const user = await createUser(app, tenant.companyId);
    const many = [];
    for (let n = 0; n < 105; n++)
      many.push(await createTicket(app, tenant.companyId, { status: 'open', userId: user.id }));

    const { body } = await call(app, 'POST', '/tickets/closeAll', {
      token: tenant.admin.token,
      body: { status: 'open' },
    });

    expect(body).toEqual({ closed: 105 });
    const left = await app.deps.db
      .select()
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          many.map((t) => t.id),
        ),
      );
    expect(left.every((t) => t.status === 'closed')).toBe(true);
  });

  test('a user profile is refused', async () => {
    const tenant = await createTenant(app);
    const user = await createUser(app, tenant.companyId);
    const ticket = await createTicket(app, tenant.companyId);

    const { status } = await call(app, 'POST', '/tickets/closeAll', {
      token: user.token,
      body: { status: 'pending' },
    });

    expect(status).toBe(403);
    expect(await statusOf(ticket.id)).toBe('pending');
  });
});
