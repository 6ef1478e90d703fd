import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createQueue,
  createTenant,
  createTicket,
  createUser,
  type TestUser,
} from '../../../test/fixtures.js';
import { connections, messages, ticketCycles, tickets, userQueues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const put = (user: TestUser, ticketId: number, body: object) =>
  call(app, 'PUT', `/tickets/${ticketId}`, { token: user.token, body });

describe('accepting', () => {
  test('of ten attendants accepting the same ticket at once, one gets it and nine are told who did', async () => {
    const tenant = await createTenant(app);
    const attendants = await Promise.all(
      Array.from({ length: 10 }, (_, n) => createUser(app, tenant.companyId, { name: `Atendente ${n}` })),
    );
    const queue = await createQueue(app, tenant.companyId, attendants);
    const ticket = await createTicket(app, tenant.companyId, { queueId: queue.id });

    const answers = await Promise.all(attendants.map((a) => put(a, ticket.id, { status: 'open' })));

    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const winner = won[0]?.body.user;
    const lost = answers.filter((a) => a.status !== 200);
    expect(lost).toHaveLength(9);
    for (const { status, body } of lost) {
      expect(status).toBe(409);
      expect(body).toMatchObject({
        error: 'ERROR_TICKET_OPEN',
        details: { ticketId: ticket.id, uuid: ticket.uuid, userId: winner.id, userName: winner.name },
      });
      expect(body.details).toMatchObject({ queueId: queue.id, queueName: queue.name });
    }
  });

  test('accepting records when, on the ticket and on its cycle', async () => {
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId);
    await app.deps.db
      .insert(ticketCycles)
      .values({ companyId: tenant.companyId, ticketId: ticket.id, queuedAt: new Date() });

    const { status } = await put(tenant.admin, ticket.id, { status: 'open' });

    expect(status).toBe(200);
    const [row] = await app.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const [cycle] = await app.deps.db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, ticket.id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    expect(cycle).toMatchObject({ userId: tenant.admin.id, acceptedAt: expect.any(Date) });
  });

  test('opening a ticket a colleague already holds answers who holds it and changes nothing', async () => {
    const tenant = await createTenant(app);
    const colleague = await createUser(app, tenant.companyId, { name: 'Beatriz' });
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: colleague.id });

    const { status, body } = await put(tenant.admin, ticket.id, { status: 'open' });

    expect(status).toBe(409);
    expect(body.details).toMatchObject({ userId: colleague.id, userName: 'Beatriz' });
    const [row] = await app.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.userId).toBe(colleague.id);
  });
});

describe('transferring', () => {
  test('to a user of another company or an unknown id is "no user", never their name', async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const queue = await createQueue(app, tenant.companyId);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const foreign = await put(tenant.admin, ticket.id, { userId: other.admin.id, queueId: queue.id });
    const unknown = await put(tenant.admin, ticket.id, { userId: 2_000_000_000, queueId: queue.id });

    expect(foreign).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_NO_USER_FOUND' } });
    expect(JSON.stringify(foreign.body)).not.toContain('Admin');
  });

  test('to another company’s queue is refused', async () => {
    const tenant = await createTenant(app);
    const foreignQueue = await createQueue(app, (await createTenant(app)).companyId);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const { status, body } = await put(tenant.admin, ticket.id, { queueId: foreignQueue.id });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ queueId: 'invalidValue' });
  });

  test('gives the ticket to a user only in a queue they serve, unless they are an admin', async () => {
    const tenant = await createTenant(app);
    const member = await createUser(app, tenant.companyId);
    const outsider = await createUser(app, tenant.companyId);
    const manager = await createUser(app, tenant.companyId, { profile: 'admin' });
    const queue = await createQueue(app, tenant.companyId, [member]);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const refused = await put(tenant.admin, ticket.id, { userId: outsider.id, queueId: queue.id });
    const toManager = await put(tenant.admin, ticket.id, { userId: manager.id, queueId: queue.id });
    const toMember = await put(manager, ticket.id, { userId: member.id, queueId: queue.id });

    expect(refused).toMatchObject({ status: 400, body: { fields: { userId: 'invalidValue' } } });
    expect(toManager).toMatchObject({ status: 200, body: { status: 'open', userId: manager.id } });
    expect(toMember).toMatchObject({
      status: 200,
      body: { status: 'open', userId: member.id, queueId: queue.id },
    });
  });

  test('to a queue alone leaves the ticket waiting there without a user', async () => {
    const tenant = await createTenant(app);
    const queue = await createQueue(app, tenant.companyId);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const { status, body } = await put(tenant.admin, ticket.id, { queueId: queue.id });

    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'pending', userId: null, queueId: queue.id });
  });

  test('an attendant cannot move a colleague’s ticket, even one they can see', async () => {
    const tenant = await createTenant(app);
    const holder = await createUser(app, tenant.companyId);
    const colleague = await createUser(app, tenant.companyId);
    const queue = await createQueue(app, tenant.companyId, [holder, colleague]);
    const ticket = await createTicket(app, tenant.companyId, {
      status: 'open',
      userId: holder.id,
      queueId: queue.id,
    });

    const transfer = await put(colleague, ticket.id, { userId: colleague.id, queueId: queue.id });
    const giveBack = await put(colleague, ticket.id, { status: 'pending' });

    expect(transfer).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(giveBack).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });
});

describe('closing', () => {
  test('closing sends the connection’s farewell to the customer', async () => {
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
    await app.deps.db
      .update(connections)
      .set({ complationMessage: 'Obrigado pelo contato!' })
      .where(eq(connections.id, ticket.connectionId as number));

    const { status } = await put(tenant.admin, ticket.id, { status: 'closed' });

    expect(status).toBe(200);
    const sent = await app.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, tenant.companyId), eq(messages.ticketId, ticket.id)));
    expect(sent).toMatchObject([
      { body: 'Obrigado pelo contato!', fromMe: true, kind: 'farewell', userId: tenant.admin.id },
    ]);
  });
});

describe('tenancy', () => {
  test('another company’s ticket is not found, even by an admin whose queues would match', async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const theirQueue = await createQueue(app, other.companyId);
    await app.deps.db.insert(userQueues).values({ userId: tenant.admin.id, queueId: theirQueue.id });
    const theirs = await createTicket(app, other.companyId, { queueId: theirQueue.id });

    const shown = await call(app, 'GET', `/tickets/${theirs.id}`, { token: tenant.admin.token });
    const accepted = await put(tenant.admin, theirs.id, { status: 'open' });

    expect(shown.status).toBe(404);
    expect(accepted.status).toBe(404);
  });
});
