import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

async function tag(token: string, name: string, kanban: 0 | 1) {
  return (await call(app, 'POST', '/tags', { token, body: { name, kanban } })).body as { id: number };
}

const namesOf = async (token: string, ticketId: number) =>
  (await call(app, 'GET', `/tickets/${ticketId}`, { token })).body.tags.map((t: { name: string }) => t.name);

test('a Kanban move: DELETE takes the ticket out of its lane, keeping other tags, and PUT puts it in another', async () => {
  const { companyId, admin } = await createTenant(app);
  const ticket = await createTicket(app, companyId);
  const todo = await tag(admin.token, 'A fazer', 1);
  const doing = await tag(admin.token, 'Fazendo', 1);
  const vip = await tag(admin.token, 'VIP', 0);
  await call(app, 'POST', '/tags/sync', {
    token: admin.token,
    body: { ticketId: ticket.id, tags: [{ id: todo.id }, { id: vip.id }] },
  });

  const out = await call(app, 'DELETE', `/ticket-tags/${ticket.id}`, { token: admin.token });
  const moved = await call(app, 'PUT', `/ticket-tags/${ticket.id}/${doing.id}`, { token: admin.token });
  const again = await call(app, 'PUT', `/ticket-tags/${ticket.id}/${doing.id}`, { token: admin.token });

  expect(out.status).toBe(200);
  expect(out.body.tags.map((t: { name: string }) => t.name)).toEqual(['VIP']);
  expect(moved.body.tags.map((t: { name: string }) => t.name)).toEqual(['Fazendo', 'VIP']);
  expect(again.status).toBe(200);
  expect(await namesOf(admin.token, ticket.id)).toEqual(['Fazendo', 'VIP']);
  const counted = await call(app, 'GET', `/tags/${doing.id}`, { token: admin.token });
  expect(counted.body.ticketsCount).toBe(1);
});

test("another company's ticket or tag is not found, and nothing changes", async () => {
  const mine = await createTenant(app);
  const theirs = await createTenant(app);
  const myTicket = await createTicket(app, mine.companyId);
  const theirTicket = await createTicket(app, theirs.companyId);
  const myLane = await tag(mine.admin.token, 'Minha', 1);
  const theirLane = await tag(theirs.admin.token, 'Deles', 1);
  await call(app, 'PUT', `/ticket-tags/${theirTicket.id}/${theirLane.id}`, { token: theirs.admin.token });

  const foreignTag = await call(app, 'PUT', `/ticket-tags/${myTicket.id}/${theirLane.id}`, {
    token: mine.admin.token,
  });
  const foreignTicket = await call(app, 'PUT', `/ticket-tags/${theirTicket.id}/${myLane.id}`, {
    token: mine.admin.token,
  });
  const foreignDelete = await call(app, 'DELETE', `/ticket-tags/${theirTicket.id}`, {
    token: mine.admin.token,
  });

  expect([foreignTag.status, foreignTag.body.error]).toEqual([404, 'ERR_NO_TAG_FOUND']);
  expect([foreignTicket.status, foreignTicket.body.error]).toEqual([404, 'ERR_NO_TICKET_FOUND']);
  expect(foreignDelete.status).toBe(404);
  expect(await namesOf(mine.admin.token, myTicket.id)).toEqual([]);
  expect(await namesOf(theirs.admin.token, theirTicket.id)).toEqual(['Deles']);
});

test("an attendant moves only tickets they may see; without the plan's Kanban the calls are refused", async () => {
  const tenant = await createTenant(app);
  const attendant = await createUser(app, tenant.companyId, { profile: 'user' });
  const colleague = await createUser(app, tenant.companyId, { profile: 'user' });
  const hidden = await createTicket(app, tenant.companyId, { status: 'open', userId: colleague.id });
  const lane = await tag(tenant.admin.token, 'Coluna', 1);

  const refused = await call(app, 'PUT', `/ticket-tags/${hidden.id}/${lane.id}`, { token: attendant.token });
  expect(refused.status).toBe(404);

  const noKanban = await createTenant(app, { plan: { useKanban: false } });
  const ticket = await createTicket(app, noKanban.companyId);
  const plain = await tag(noKanban.admin.token, 'Coluna', 1);
  const put = await call(app, 'PUT', `/ticket-tags/${ticket.id}/${plain.id}`, {
    token: noKanban.admin.token,
  });
  const del = await call(app, 'DELETE', `/ticket-tags/${ticket.id}`, { token: noKanban.admin.token });
  expect([put.status, put.body.error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  expect(del.status).toBe(403);
});

test('ids that are no ids are refused with ERR_VALIDATION', async () => {
  const { admin } = await createTenant(app);
  const answer = await call(app, 'PUT', '/ticket-tags/abc/0', { token: admin.token });
  expect([answer.status, answer.body.error]).toEqual([400, 'ERR_VALIDATION']);
});
