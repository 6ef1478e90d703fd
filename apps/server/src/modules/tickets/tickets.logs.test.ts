import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createQueue,
  createTenant,
  createTicket,
  createUser,
  type TestUser,
} from '../../../test/fixtures.js';
import { connections, contacts, messages, tickets } from '../../db/schema/index.js';
import { receive } from '../../inbox/receive.js';

const app = await createTestApp();
afterAll(() => app.close());

const put = (user: TestUser, ticketId: number, body: object) =>
  call(app, 'PUT', `/tickets/${ticketId}`, { token: user.token, body });
const history = (user: TestUser, ticketId: number) =>
  call(app, 'GET', `/tickets-log/${ticketId}`, { token: user.token });

describe('ticket log', () => {
  test('every transition writes who did it and the queue it left the ticket in, oldest first', async () => {
    const tenant = await createTenant(app);
    const ana = await createUser(app, tenant.companyId, { name: 'Ana' });
    const bia = await createUser(app, tenant.companyId, { name: 'Bia' });
    const sales = await createQueue(app, tenant.companyId, [ana, bia]);
    const support = await createQueue(app, tenant.companyId, [ana, bia]);
    const ticket = await createTicket(app, tenant.companyId, { queueId: sales.id });

    expect((await put(ana, ticket.id, { status: 'open' })).status).toBe(200);
    expect((await put(ana, ticket.id, { queueId: support.id, userId: bia.id })).status).toBe(200);
    expect((await put(bia, ticket.id, { status: 'pending' })).status).toBe(200);
    expect((await put(bia, ticket.id, { status: 'open' })).status).toBe(200);
    expect((await put(bia, ticket.id, { status: 'closed', sendFarewellMessage: false })).status).toBe(200);
    expect((await put(ana, ticket.id, { status: 'open' })).status).toBe(200);

    const { status, body } = await history(tenant.admin, ticket.id);

    expect(status).toBe(200);
    expect(body.map((l: { type: string; user: { id: number } }) => [l.type, l.user.id])).toEqual([
      ['open', ana.id],
      ['transfered', ana.id],
      ['receivedTransfer', bia.id],
      ['return', bia.id],
      ['open', bia.id],
      ['close', bia.id],
      ['reopen', ana.id],
    ]);
    expect(body[0].queue).toMatchObject({ id: sales.id, name: sales.name });
    expect(body[1].queue).toMatchObject({ id: support.id });
    expect(body[2].queue).toMatchObject({ id: support.id });
  });

  test('ignoring a waiting ticket closes it as its own transition: logged, no farewell, bot count reset', async () => {
    const tenant = await createTenant(app);
    const ana = await createUser(app, tenant.companyId, { name: 'Ana' });
    const sales = await createQueue(app, tenant.companyId, [ana]);
    await call(app, 'PUT', '/settings/requiredTag', {
      token: tenant.admin.token,
      body: { value: 'enabled' },
    });
    const ticket = await createTicket(app, tenant.companyId, { queueId: sales.id, amountUsedBotQueues: 2 });

    const ignored = await put(ana, ticket.id, { status: 'closed' });
    const again = await put(ana, ticket.id, { status: 'closed' });
    const { body } = await history(tenant.admin, ticket.id);
    const [row] = await app.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const sent = await app.deps.db.select().from(messages).where(eq(messages.ticketId, ticket.id));

    // requiredTag guards closing a conversation, not turning down one nobody took.
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ status: 'closed', userId: null });
    expect(again.status).toBe(400);
    expect(body.map((l: { type: string; user: { id: number } }) => [l.type, l.user.id])).toEqual([
      ['ignore', ana.id],
    ]);
    expect(row?.amountUsedBotQueues).toBe(0);
    expect(sent).toEqual([]);
  });

  test('opening a ticket from the app writes a create line', async () => {
    const tenant = await createTenant(app);
    const [contact] = await app.deps.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: 'Cliente', number: '5511999990000', channel: 'whatsapp' })
      .returning();
    const [connection] = await app.deps.db
      .insert(connections)
      .values({ companyId: tenant.companyId, name: 'Chat', channel: 'webchat', token: `t${Date.now()}` })
      .returning();
    const opened = await call(app, 'POST', '/tickets', {
      token: tenant.admin.token,
      body: { contactId: contact?.id, whatsappId: connection?.id },
    });
    expect(opened.status).toBe(201);

    const { body } = await history(tenant.admin, opened.body.id);

    expect(body).toEqual([
      expect.objectContaining({ type: 'create', user: expect.objectContaining({ id: tenant.admin.id }) }),
    ]);
  });

  test('a conversation arriving from a customer writes a create line with nobody as its author', async () => {
    const tenant = await createTenant(app);
    const [connection] = await app.deps.db
      .insert(connections)
      .values({ companyId: tenant.companyId, name: 'Chat', channel: 'webchat', token: `r${Date.now()}` })
      .returning();
    const { ticket } = await receive(app.deps, {
      companyId: tenant.companyId,
      connectionId: connection?.id as number,
      channel: 'webchat',
      identity: { kind: 'webchat', value: `visitor-${connection?.id}` },
      contact: { name: 'Visitante' },
      externalId: `log-${connection?.id}`,
      body: 'Olá',
    });

    const { body } = await history(tenant.admin, ticket.id);

    expect(body).toEqual([expect.objectContaining({ type: 'create', user: null })]);
  });

  test("another company's ticket, or one the user cannot see, answers not found", async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const queue = await createQueue(app, tenant.companyId);
    const outsider = await createUser(app, tenant.companyId);
    const ticket = await createTicket(app, tenant.companyId, { queueId: queue.id });

    expect((await history(other.admin, ticket.id)).status).toBe(404);
    expect((await history(outsider, ticket.id)).status).toBe(404);
    expect((await history(tenant.admin, ticket.id)).status).toBe(200);
  });
});
