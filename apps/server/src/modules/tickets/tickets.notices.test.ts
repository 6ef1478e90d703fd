import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser, type TestUser } from '../../../test/fixtures.js';
import { companySettings, contacts, messages, queues, userQueues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

async function createQueue(companyId: number, name: string, members: TestUser[] = []) {
  const [queue] = await app.deps.db
    .insert(queues)
    .values({ companyId, name, color: `#${Math.random().toString(16).slice(2, 8)}` })
    .returning();
  if (!queue) throw new Error('queue not created');
  if (members.length)
    await app.deps.db.insert(userQueues).values(members.map((m) => ({ userId: m.id, queueId: queue.id })));
  return queue;
}

const enable = (companyId: number, key: string) =>
  app.deps.db.insert(companySettings).values({ companyId, key, value: 'enabled' });
const sentOf = (ticketId: number, kind: string) =>
  app.deps.db
    .select({ body: messages.body, fromMe: messages.fromMe })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.kind, kind)))
    .orderBy(asc(messages.id));
const put = (user: TestUser, ticketId: number, body: object) =>
  call(app, 'PUT', `/tickets/${ticketId}`, { token: user.token, body });

describe('greeting on accept', () => {
  test('with sendGreetingAccepted on, accepting a waiting ticket greets the customer by name', async () => {
    const tenant = await createTenant(app);
    await enable(tenant.companyId, 'sendGreetingAccepted');
    const ana = await createUser(app, tenant.companyId, { name: 'Ana Souza' });
    const ticket = await createTicket(app, tenant.companyId);
    await app.deps.db.update(contacts).set({ name: 'Carla' }).where(eq(contacts.id, ticket.contactId));

    expect((await put(ana, ticket.id, { status: 'open' })).status).toBe(200);

    const sent = await sentOf(ticket.id, 'greeting');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatch(
      /^(Bom dia|Boa tarde|Boa noite|Boa madrugada) \*Carla\*, meu nome é \*Ana Souza\*/,
    );
  });

  test('with it off, or on a group, nothing is sent', async () => {
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId);
    expect((await put(tenant.admin, ticket.id, { status: 'open' })).status).toBe(200);
    expect(await sentOf(ticket.id, 'greeting')).toEqual([]);

    await enable(tenant.companyId, 'sendGreetingAccepted');
    const group = await createTicket(app, tenant.companyId, { isGroup: true });
    expect((await put(tenant.admin, group.id, { status: 'open' })).status).toBe(200);
    expect(await sentOf(group.id, 'greeting')).toEqual([]);
  });

  test('the greeting follows the hour of the company time zone', async () => {
    const tenant = await createTenant(app, { timezone: 'Asia/Tokyo' });
    await enable(tenant.companyId, 'sendGreetingAccepted');
    const ticket = await createTicket(app, tenant.companyId);
    app.deps.now = () => new Date('2026-01-10T12:00:00Z');

    await put(tenant.admin, ticket.id, { status: 'open' });

    app.deps.now = () => new Date();
    expect((await sentOf(ticket.id, 'greeting'))[0]?.body).toMatch(/^Boa noite \*/);
  });
});

describe('transfer message', () => {
  test('with sendMsgTransfTicket on, the customer is told the new department, or the new attendant', async () => {
    const tenant = await createTenant(app);
    await enable(tenant.companyId, 'sendMsgTransfTicket');
    const ana = await createUser(app, tenant.companyId, { name: 'Ana' });
    const bia = await createUser(app, tenant.companyId, { name: 'Bia' });
    const sales = await createQueue(tenant.companyId, 'Vendas', [ana, bia]);
    const support = await createQueue(tenant.companyId, 'Suporte', [ana, bia]);
    const ticket = await createTicket(app, tenant.companyId, {
      status: 'open',
      userId: ana.id,
      queueId: sales.id,
    });

    expect((await put(ana, ticket.id, { queueId: support.id })).status).toBe(200);
    expect((await put(tenant.admin, ticket.id, { queueId: support.id, userId: bia.id })).status).toBe(200);

    expect((await sentOf(ticket.id, 'transfer')).map((m) => m.body)).toEqual([
      'Você foi transferido(a) para o departamento *Suporte*.',
      'Você foi transferido(a) para o atendente *Bia*.',
    ]);
  });

  test('with it off, a transfer sends nothing', async () => {
    const tenant = await createTenant(app);
    const ana = await createUser(app, tenant.companyId);
    const sales = await createQueue(tenant.companyId, 'Vendas', [ana]);
    const support = await createQueue(tenant.companyId, 'Suporte', [ana]);
    const ticket = await createTicket(app, tenant.companyId, {
      status: 'open',
      userId: ana.id,
      queueId: sales.id,
    });

    expect((await put(ana, ticket.id, { queueId: support.id })).status).toBe(200);

    expect(await sentOf(ticket.id, 'transfer')).toEqual([]);
  });
});
