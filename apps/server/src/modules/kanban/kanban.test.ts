import { KANBAN_PAGE_SIZE } from '@balcao/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createQueue, createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { companyHidingNumbers, expectNoWholeNumber, MASKED, NUMBER } from '../../../test/hidden-numbers.js';
import { contacts, tickets, userQueues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

async function lane(token: string, name: string, color = '#123456') {
  return (await call(app, 'POST', '/tags', { token, body: { name, color, kanban: 1 } })).body as {
    id: number;
  };
}

const cardIds = async (token: string, query = '') =>
  (await call(app, 'GET', `/ticket/kanban${query}`, { token })).body.tickets.map((t: { id: number }) => t.id);

describe('the Kanban board', () => {
  test('lanes are the lane tags in the order they were made; other tags are no lane', async () => {
    const { admin } = await createTenant(app);
    const later = await lane(admin.token, 'Zeta', '#aa0000');
    const sooner = await lane(admin.token, 'Alfa', '#00aa00');
    await call(app, 'POST', '/tags', { token: admin.token, body: { name: 'VIP', kanban: 0 } });

    const lanes = await call(app, 'GET', '/tags/kanban', { token: admin.token });

    expect(lanes.body).toEqual([
      { id: later.id, name: 'Zeta', color: '#aa0000' },
      { id: sooner.id, name: 'Alfa', color: '#00aa00' },
    ]);
  });

  test('a card sits in its lane, or in "Em aberto" without one; closed tickets are on no lane', async () => {
    const { companyId, admin } = await createTenant(app);
    const doing = await lane(admin.token, 'Fazendo');
    const vip = (await call(app, 'POST', '/tags', { token: admin.token, body: { name: 'VIP' } })).body;
    const waiting = await createTicket(app, companyId, { lastMessage: 'Oi, tudo bem?' });
    const served = await createTicket(app, companyId, { status: 'open', userId: admin.id });
    await createTicket(app, companyId, { status: 'closed' });
    await call(app, 'POST', '/tags/sync', {
      token: admin.token,
      body: { ticketId: waiting.id, tags: [{ id: vip.id }] },
    });
    await call(app, 'PUT', `/ticket-tags/${served.id}/${doing.id}`, { token: admin.token });

    const open = await call(app, 'GET', '/ticket/kanban', { token: admin.token });
    const inDoing = await call(app, 'GET', `/ticket/kanban?tagId=${doing.id}`, { token: admin.token });

    expect(open.body.tickets.map((t: { id: number }) => t.id)).toEqual([waiting.id]);
    expect(open.body.tickets[0]).toMatchObject({
      uuid: waiting.uuid,
      lastMessage: 'Oi, tudo bem?',
      contact: { name: expect.stringMatching(/^Customer /), number: expect.stringMatching(/^55119/) },
      tags: [{ id: vip.id, name: 'VIP' }],
    });
    expect(inDoing.body).toMatchObject({ hasMore: false, tickets: [{ id: served.id }] });
  });

  test("only tickets of the caller's queues (and those without one), for admins too; queueIds narrows, never widens", async () => {
    const { companyId, admin } = await createTenant(app);
    const attendant = await createUser(app, companyId, { profile: 'user' });
    const sales = await createQueue(app, companyId, [attendant, admin]);
    const support = await createQueue(app, companyId, [attendant]);
    const billing = await createQueue(app, companyId);
    const inSales = await createTicket(app, companyId, { queueId: sales.id });
    const inSupport = await createTicket(app, companyId, { queueId: support.id });
    const inBilling = await createTicket(app, companyId, { queueId: billing.id });
    const noQueue = await createTicket(app, companyId);

    const theirs = await cardIds(attendant.token);
    const admins = await cardIds(admin.token);
    const narrowed = await cardIds(
      attendant.token,
      `?queueIds=${encodeURIComponent(JSON.stringify([support.id, billing.id]))}`,
    );

    expect(theirs.sort()).toEqual([inSales.id, inSupport.id, noQueue.id].sort());
    expect(theirs).not.toContain(inBilling.id);
    expect(admins.sort()).toEqual([inSales.id, noQueue.id].sort());
    expect(narrowed).toEqual([inSupport.id]);
  });

  test("a colleague's ticket the attendant may not see shows on no lane", async () => {
    const { companyId } = await createTenant(app);
    const attendant = await createUser(app, companyId, { profile: 'user' });
    const colleague = await createUser(app, companyId, { profile: 'user' });
    const held = await createTicket(app, companyId, { status: 'open', userId: colleague.id });

    expect(await cardIds(attendant.token)).not.toContain(held.id);
    expect(await cardIds(colleague.token)).toContain(held.id);
  });

  test('a lane pages its cards, newest first', async () => {
    const { companyId, admin } = await createTenant(app);
    const first = await createTicket(app, companyId);
    // One live ticket per contact and connection: each card its own customer.
    const people = await app.deps.db
      .insert(contacts)
      .values(
        Array.from({ length: KANBAN_PAGE_SIZE }, (_v, i) => ({
          companyId,
          name: `C${i}`,
          number: `5511900${i}`,
        })),
      )
      .returning({ id: contacts.id });
    const rows = people.map((person, i) => ({
      companyId,
      contactId: person.id,
      connectionId: first.connectionId,
      status: 'open' as const,
      userId: admin.id,
      updatedAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
    }));
    await app.deps.db.insert(tickets).values(rows);

    const page1 = await call(app, 'GET', '/ticket/kanban', { token: admin.token });
    const page2 = await call(app, 'GET', '/ticket/kanban?pageNumber=2', { token: admin.token });

    expect(page1.body.tickets).toHaveLength(KANBAN_PAGE_SIZE);
    expect(page1.body.hasMore).toBe(true);
    expect(page1.body.tickets[0].updatedAt).toBe(
      new Date(Date.UTC(2030, 0, 1, 0, KANBAN_PAGE_SIZE - 1)).toISOString(),
    );
    expect(page2.body).toEqual({ hasMore: false, tickets: [expect.objectContaining({ id: first.id })] });
  });

  test("another company's lane is not found; without the plan's Kanban both calls are refused", async () => {
    const mine = await createTenant(app);
    const theirs = await createTenant(app);
    const theirLane = await lane(theirs.admin.token, 'Deles');
    const plain = (await call(app, 'POST', '/tags', { token: mine.admin.token, body: { name: 'Comum' } }))
      .body;
    const noKanban = await createTenant(app, { plan: { useKanban: false } });

    const foreign = await call(app, 'GET', `/ticket/kanban?tagId=${theirLane.id}`, {
      token: mine.admin.token,
    });
    const notALane = await call(app, 'GET', `/ticket/kanban?tagId=${plain.id}`, { token: mine.admin.token });
    const lanes = await call(app, 'GET', '/tags/kanban', { token: noKanban.admin.token });
    const cards = await call(app, 'GET', '/ticket/kanban', { token: noKanban.admin.token });
    const badIds = await call(app, 'GET', '/ticket/kanban?queueIds=abc', { token: mine.admin.token });

    expect([foreign.status, foreign.body.error]).toEqual([404, 'ERR_NO_TAG_FOUND']);
    expect(notALane.status).toBe(404);
    expect([lanes.status, lanes.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
    expect(cards.status).toBe(403);
    expect([badIds.status, badIds.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });

  test('lgpdHideNumber hides the number on the cards of an attendant, not of a supervisor', async () => {
    const { attendant, supervisor, queue, ticket } = await companyHidingNumbers(app);
    await app.deps.db.insert(userQueues).values({
      userId: supervisor.id,
      queueId: queue.id,
    });

    const hidden = await call(app, 'GET', '/ticket/kanban', { token: attendant.token });
    const shown = await call(app, 'GET', '/ticket/kanban', { token: supervisor.token });

    expect(hidden.body.tickets[0]).toMatchObject({
      id: ticket.id,
      contact: { name: MASKED, number: MASKED },
    });
    expectNoWholeNumber(hidden.body);
    expect(shown.body.tickets[0].contact.number).toBe(NUMBER);
  });
});
