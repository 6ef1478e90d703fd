import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { queues, tickets, userQueues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

describe('closing and reopening', () => {
  test('closing is refused when requiredTag is on and the contact has no tag', async () => {
    const tenant = await createTenant(app);
    await call(app, 'PUT', '/settings/requiredTag', {
      token: tenant.admin.token,
      body: { value: 'enabled' },
    });
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const { status, body } = await call(app, 'PUT', `/tickets/${ticket.id}`, {
      token: tenant.admin.token,
      body: { status: 'closed' },
    });

    expect(status).toBe(400);
    expect(body.error).toBe('ERR_TAG_REQUIRED');
  });

  test('reopening is refused while the contact has another active ticket on that connection', async () => {
    const tenant = await createTenant(app);
    const first = await createTicket(app, tenant.companyId, { status: 'closed' });
    await app.deps.db.insert(tickets).values({
      companyId: tenant.companyId,
      contactId: first.contactId,
      connectionId: first.connectionId,
      status: 'pending',
    });

    const { status, body } = await call(app, 'PUT', `/tickets/${first.id}`, {
      token: tenant.admin.token,
      body: { status: 'open' },
    });

    expect(status).toBe(409);
    expect(body.error).toBe('ERR_OTHER_OPEN_TICKET');
  });

  test('the database itself refuses a second active ticket for the same contact and connection', async () => {
    const tenant = await createTenant(app);
    const first = await createTicket(app, tenant.companyId);

    const second = app.deps.db.insert(tickets).values({
      companyId: tenant.companyId,
      contactId: first.contactId,
      connectionId: first.connectionId,
      status: 'open',
    });

    await expect(second).rejects.toThrow();
  });
});

describe('who sees which tickets', () => {
  test('an attendant lists pending tickets of their queues and queue-less ones, not other queues', async () => {
    const tenant = await createTenant(app);
    const [mine, theirs] = (await app.deps.db
      .insert(queues)
      .values([
        { companyId: tenant.companyId, name: 'Vendas', color: '#111111' },
        { companyId: tenant.companyId, name: 'Suporte', color: '#222222' },
      ])
      .returning()) as [typeof queues.$inferSelect, typeof queues.$inferSelect];
    const attendant = await createUser(app, tenant.companyId);
    await app.deps.db.insert(userQueues).values({ userId: attendant.id, queueId: mine.id });
    const inMine = await createTicket(app, tenant.companyId, { queueId: mine.id });
    const inTheirs = await createTicket(app, tenant.companyId, { queueId: theirs.id });
    const noQueue = await createTicket(app, tenant.companyId);

    const { body } = await call(app, 'GET', '/tickets?status=pending', { token: attendant.token });
    const forbidden = await call(app, 'GET', `/tickets/${inTheirs.id}`, { token: attendant.token });
    const admin = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });

    expect(body.tickets.map((t: { id: number }) => t.id).sort()).toEqual([inMine.id, noQueue.id].sort());
    expect(body.count).toBe(2);
    expect(forbidden.status).toBe(404);
    expect(admin.body.count).toBe(3);
  });

  test('the open tab shows my tickets unless an admin asks to see all', async () => {
    const tenant = await createTenant(app);
    const colleague = await createUser(app, tenant.companyId, { profile: 'admin' });
    await createTicket(app, tenant.companyId, { status: 'open', userId: colleague.id });
    const mine = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const own = await call(app, 'GET', '/tickets?status=open', { token: tenant.admin.token });
    const all = await call(app, 'GET', '/tickets?status=open&showAll=true', { token: tenant.admin.token });

    expect(own.body.tickets.map((t: { id: number }) => t.id)).toEqual([mine.id]);
    expect(all.body.count).toBe(2);
  });

  test('lists page by page, forty at a time', async () => {
    const tenant = await createTenant(app);
    for (let i = 0; i < 41; i++) await createTicket(app, tenant.companyId);

    const first = await call(app, 'GET', '/tickets?status=pending&pageNumber=1', {
      token: tenant.admin.token,
    });
    const second = await call(app, 'GET', '/tickets?status=pending&pageNumber=2', {
      token: tenant.admin.token,
    });

    expect(first.body).toMatchObject({ hasMore: true, count: 41 });
    expect(first.body.tickets).toHaveLength(40);
    expect(second.body).toMatchObject({ hasMore: false, count: 41 });
    expect(second.body.tickets).toHaveLength(1);
  });

  test('a malformed filter is a validation error, not a crash', async () => {
    const tenant = await createTenant(app);

    const { status, body } = await call(app, 'GET', '/tickets?queueIds=[1,', { token: tenant.admin.token });

    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'ERR_VALIDATION', fields: { queueIds: 'invalidValue' } });
  });
});
