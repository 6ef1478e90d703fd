import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { contacts, messages, queues, tags, tickets, ticketTags, userQueues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

/** A company with queues Vendas and Suporte, and an attendant serving Vendas only. */
async function twoQueues(attendantFlags: { allTicket?: string; allowGroup?: boolean } = {}) {
  const tenant = await createTenant(app);
  const [mine, theirs] = (await app.deps.db
    .insert(queues)
    .values([
      { companyId: tenant.companyId, name: 'Vendas', color: '#111111' },
      { companyId: tenant.companyId, name: 'Suporte', color: '#222222' },
    ])
    .returning()) as [typeof queues.$inferSelect, typeof queues.$inferSelect];
  const attendant = await createUser(app, tenant.companyId, attendantFlags);
  await app.deps.db.insert(userQueues).values({ userId: attendant.id, queueId: mine.id });
  return { tenant, mine, theirs, attendant };
}

describe('the closed tab', () => {
  test('lists closed tickets and those waiting for their rating (nps), newest first, and nothing else', async () => {
    const tenant = await createTenant(app);
    const closed = await createTicket(app, tenant.companyId, {
      status: 'closed',
      updatedAt: new Date('2026-01-01T10:00:00Z'),
    });
    const rating = await createTicket(app, tenant.companyId, {
      status: 'nps',
      updatedAt: new Date('2026-01-01T11:00:00Z'),
    });
    await createTicket(app, tenant.companyId, { status: 'pending' });
    await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const { body } = await call(app, 'GET', '/tickets?status=closed', { token: tenant.admin.token });

    expect(body.tickets.map((t: { id: number; status: string }) => [t.id, t.status])).toEqual([
      [rating.id, 'nps'],
      [closed.id, 'closed'],
    ]);
  });
});

describe('who sees which tickets', () => {
  test('an attendant lists pending tickets of their queues and queue-less ones, not other queues', async () => {
    const { tenant, mine, theirs, attendant } = await twoQueues();
    const inMine = await createTicket(app, tenant.companyId, { queueId: mine.id });
    await createTicket(app, tenant.companyId, { queueId: theirs.id });
    const noQueue = await createTicket(app, tenant.companyId);

    const { body } = await call(app, 'GET', '/tickets?status=pending', { token: attendant.token });
    const admin = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });

    expect(idsOf(body)).toEqual(sorted(inMine.id, noQueue.id));
    expect(admin.body.tickets).toHaveLength(3);
  });

  test('allTicket lets an attendant see every queue', async () => {
    const { tenant, mine, theirs, attendant } = await twoQueues({ allTicket: 'enable' });
    const inMine = await createTicket(app, tenant.companyId, { queueId: mine.id });
    const inTheirs = await createTicket(app, tenant.companyId, { queueId: theirs.id });

    const { body } = await call(app, 'GET', '/tickets?status=pending', { token: attendant.token });

    expect(idsOf(body)).toEqual(sorted(inMine.id, inTheirs.id));
  });

  test('the group tab lists group tickets only for admins and attendants allowed groups', async () => {
    const { tenant, attendant } = await twoQueues();
    const allowed = await createUser(app, tenant.companyId, { allowGroup: true });
    // Groups skip the bots, so their tickets wait without a queue, which every attendant would see.
    const group = await createTicket(app, tenant.companyId, { status: 'group', isGroup: true });

    const refused = await call(app, 'GET', '/tickets?status=group', { token: attendant.token });
    const seen = await call(app, 'GET', '/tickets?status=group', { token: allowed.token });
    const admin = await call(app, 'GET', '/tickets?status=group', { token: tenant.admin.token });

    expect(refused.body.tickets).toEqual([]);
    expect(idsOf(seen.body)).toEqual([group.id]);
    expect(idsOf(admin.body)).toEqual([group.id]);
  });

  test('the open tab shows my tickets unless an admin asks to see all', async () => {
    const tenant = await createTenant(app);
    const colleague = await createUser(app, tenant.companyId, { profile: 'admin' });
    const theirs = await createTicket(app, tenant.companyId, { status: 'open', userId: colleague.id });
    const mine = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const own = await call(app, 'GET', '/tickets?status=open', { token: tenant.admin.token });
    const all = await call(app, 'GET', '/tickets?status=open&showAll=true', { token: tenant.admin.token });

    expect(idsOf(own.body)).toEqual([mine.id]);
    expect(idsOf(all.body)).toEqual(sorted(mine.id, theirs.id));
  });

  test('show all and the user filter are refused to user profiles, even with allTicket', async () => {
    const { attendant } = await twoQueues({ allTicket: 'enable' });

    const showAll = await call(app, 'GET', '/tickets?status=open&showAll=true', { token: attendant.token });
    const byUser = await call(app, 'GET', `/tickets?users=[${attendant.id}]`, { token: attendant.token });
    const counts = await call(app, 'GET', '/tickets/counts?showAll=true', { token: attendant.token });

    expect(showAll).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(byUser.status).toBe(403);
    expect(counts.status).toBe(403);
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

    expect(first.body.hasMore).toBe(true);
    expect(first.body.tickets).toHaveLength(40);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.tickets).toHaveLength(1);
    expect(new Set([...idsOf(first.body), ...idsOf(second.body)]).size).toBe(41);
  });

  test('a malformed filter is a validation error, not a crash', async () => {
    const tenant = await createTenant(app);

    const { status, body } = await call(app, 'GET', '/tickets?queueIds=[1,', { token: tenant.admin.token });

    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'ERR_VALIDATION', fields: { queueIds: 'invalidValue' } });
  });
});

describe('filters', () => {
  test('the queue multi-select takes "Sem fila" (0) beside real queues', async () => {
    const { tenant, mine, theirs } = await twoQueues();
    const inMine = await createTicket(app, tenant.companyId, { queueId: mine.id });
    await createTicket(app, tenant.companyId, { queueId: theirs.id });
    const noQueue = await createTicket(app, tenant.companyId);
    const token = tenant.admin.token;

    const onlyNone = await call(app, 'GET', '/tickets?status=pending&queueIds=[0]', { token });
    const both = await call(app, 'GET', `/tickets?status=pending&queueIds=[0,${mine.id}]`, { token });

    expect(idsOf(onlyNone.body)).toEqual([noQueue.id]);
    expect(idsOf(both.body)).toEqual(sorted(inMine.id, noQueue.id));
  });

  test('tags, connections and users narrow the list', async () => {
    const tenant = await createTenant(app);
    const tagged = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
    const other = await createTicket(app, tenant.companyId, { status: 'open' });
    const [tag] = await app.deps.db
      .insert(tags)
      .values({ companyId: tenant.companyId, name: 'vip' })
      .returning();
    await app.deps.db.insert(ticketTags).values({ ticketId: tagged.id, tagId: tag?.id as number });
    const token = tenant.admin.token;

    const byTag = await call(app, 'GET', `/tickets?status=open&showAll=true&tags=[${tag?.id}]`, { token });
    const byConnection = await call(
      app,
      'GET',
      `/tickets?status=open&showAll=true&whatsappIds=[${other.connectionId}]`,
      { token },
    );
    const byUser = await call(app, 'GET', `/tickets?status=open&showAll=true&users=[${tenant.admin.id}]`, {
      token,
    });

    expect(idsOf(byTag.body)).toEqual([tagged.id]);
    expect(byTag.body.tickets[0].tags).toEqual([{ id: tag?.id, name: 'vip', color: tag?.color }]);
    expect(idsOf(byConnection.body)).toEqual([other.id]);
    expect(idsOf(byUser.body)).toEqual([tagged.id]);
  });
});

describe('the tab counts', () => {
  test('one call counts my open, the visible pending and group tickets, and the unread ones', async () => {
    const { tenant, mine, theirs, attendant } = await twoQueues();
    await createTicket(app, tenant.companyId, { status: 'open', userId: attendant.id, unreadMessages: 1 });
    await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id, queueId: mine.id });
    await createTicket(app, tenant.companyId, { queueId: mine.id, unreadMessages: 3 });
    await createTicket(app, tenant.companyId, { queueId: theirs.id, unreadMessages: 3 });
    await createTicket(app, tenant.companyId);
    await createTicket(app, tenant.companyId, { status: 'group', isGroup: true, queueId: mine.id });
    await createTicket(app, tenant.companyId, { status: 'closed', userId: attendant.id, unreadMessages: 4 });

    const attendantCounts = await call(app, 'GET', '/tickets/counts', { token: attendant.token });
    const adminCounts = await call(app, 'GET', '/tickets/counts?showAll=true', { token: tenant.admin.token });
    const filtered = await call(app, 'GET', `/tickets/counts?queueIds=[${theirs.id}]`, {
      token: tenant.admin.token,
    });

    expect(attendantCounts.body).toEqual({ open: 1, pending: 2, group: 0, unread: 2 });
    expect(adminCounts.body).toEqual({ open: 2, pending: 3, group: 1, unread: 3 });
    // The queue filter narrows the tabs, never the bell.
    expect(filtered.body).toEqual({ open: 0, pending: 1, group: 0, unread: 3 });
  });
});

describe('the search tab', () => {
  async function withMessage(
    companyId: number,
    body: string,
    overrides: Partial<typeof tickets.$inferInsert> = {},
  ) {
    const ticket = await createTicket(app, companyId, { status: 'closed', ...overrides });
    await app.deps.db.insert(messages).values({ companyId, ticketId: ticket.id, body });
    return ticket;
  }

  test('finds a ticket by any of its messages, word endings and accents aside, in every status', async () => {
    const tenant = await createTenant(app);
    const action = await withMessage(tenant.companyId, 'Preciso de uma ação urgente');
    const buying = await withMessage(tenant.companyId, 'Estou comprando dois', { status: 'pending' });
    await withMessage(tenant.companyId, 'Nada a ver');
    const token = tenant.admin.token;

    const byAccentless = await call(app, 'GET', '/tickets?searchParam=acao', { token });
    const byStem = await call(app, 'GET', '/tickets?searchParam=comprar', { token });

    expect(idsOf(byAccentless.body)).toEqual([action.id]);
    expect(idsOf(byStem.body)).toEqual([buying.id]);
  });

  test('finds by contact name, number and ticket id', async () => {
    const tenant = await createTenant(app);
    const ticket = await withMessage(tenant.companyId, 'oi');
    const contact = await call(app, 'GET', `/tickets/${ticket.id}`, { token: tenant.admin.token });
    const token = tenant.admin.token;
    const name = contact.body.contact.name.toLowerCase();
    const number = contact.body.contact.number.slice(-6);

    const byName = await call(app, 'GET', `/tickets?searchParam=${encodeURIComponent(name)}`, { token });
    const byNumber = await call(app, 'GET', `/tickets?searchParam=${number}`, { token });
    const byId = await call(app, 'GET', `/tickets?searchParam=${ticket.id}`, { token });

    expect(idsOf(byName.body)).toEqual([ticket.id]);
    expect(idsOf(byNumber.body)).toContain(ticket.id);
    expect(idsOf(byId.body)).toContain(ticket.id);
  });

  test('a name more than a thousand contacts share still finds their newest tickets, in the list’s filters', async () => {
    const tenant = await createTenant(app);
    const { companyId } = await createTicket(app, tenant.companyId);
    const shared = await app.deps.db
      .insert(contacts)
      .values(
        Array.from({ length: 1_050 }, (_, i) => ({ companyId, name: `Souza ${i}`, number: `5521${i}` })),
      )
      .returning({ id: contacts.id });
    const found = await app.deps.db
      .insert(tickets)
      .values(
        shared.map(({ id }, i) => ({
          companyId,
          contactId: id,
          status: i % 2 ? 'closed' : 'pending',
          updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      )
      .returning({ id: tickets.id, status: tickets.status });
    const newestPending = found
      .filter((ticket) => ticket.status === 'pending')
      .slice(-40)
      .map((ticket) => ticket.id);
    const pending = encodeURIComponent(JSON.stringify(['pending']));

    const { body } = await call(
      app,
      'GET',
      `/tickets?searchParam=souza&statusFilter=${pending}&showAll=true`,
      {
        token: tenant.admin.token,
      },
    );

    expect(idsOf(body)).toEqual(sorted(...newestPending));
    expect(body.hasMore).toBe(true);
  });

  test("an attendant's search keeps to what they may see", async () => {
    const { tenant, mine, theirs, attendant } = await twoQueues();
    const visible = await withMessage(tenant.companyId, 'pedido atrasado', { queueId: mine.id });
    await withMessage(tenant.companyId, 'pedido atrasado', { queueId: theirs.id });

    const { body } = await call(app, 'GET', '/tickets?searchParam=pedido', { token: attendant.token });

    expect(idsOf(body)).toEqual([visible.id]);
  });
});
