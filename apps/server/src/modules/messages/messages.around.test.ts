import type { Message } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { messages } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

/** A ticket with messages m0…m(count-1), stored in one statement (one creation time: only ids order them). */
async function conversation(count: number, unread = 0) {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, {
    status: 'open',
    userId: tenant.admin.id,
    unreadMessages: unread,
  });
  const rows = await app.deps.db
    .insert(messages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyId: tenant.companyId,
        ticketId: ticket.id,
        body: `m${i}`,
      })),
    )
    .returning();
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  const list = (query: string) =>
    call(app, 'GET', `/messages/${ticket.id}?${query}`, { token: tenant.admin.token });
  return { tenant, ticket, ids, list };
}

const bodies = (page: { messages: Message[] }) => page.messages.map((m) => m.body);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${from + i}`);

test('around a message: it and a page older, a page newer, and cursors both ways without gaps', async () => {
  const { ids, list } = await conversation(100);

  const around = await list(`around=${ids[50]}`);
  expect(around.status).toBe(200);
  expect(bodies(around.body)).toEqual(range(31, 71));
  expect(around.body).toMatchObject({
    hasMore: true,
    nextCursor: expect.any(String),
    newerCursor: expect.any(String),
  });

  const older = await list(`before=${around.body.nextCursor}`);
  const newer = await list(`after=${around.body.newerCursor}`);
  expect(bodies(older.body)).toEqual(range(11, 31));
  expect(bodies(newer.body)).toEqual(range(71, 91));
  expect(newer.body.newerCursor).toEqual(expect.any(String));

  const last = await list(`after=${newer.body.newerCursor}`);
  expect(bodies(last.body)).toEqual(range(91, 100));
  expect(last.body.newerCursor).toBeNull();
});

test('around a message near either end stops there, and says so', async () => {
  const { ids, list } = await conversation(30);

  const nearOldest = await list(`around=${ids[2]}`);
  const nearNewest = await list(`around=${ids[28]}`);

  expect(bodies(nearOldest.body)).toEqual(range(0, 23));
  expect(nearOldest.body).toMatchObject({
    hasMore: false,
    nextCursor: null,
    newerCursor: expect.any(String),
  });
  expect(bodies(nearNewest.body)).toEqual(range(9, 30));
  expect(nearNewest.body).toMatchObject({ hasMore: true, newerCursor: null });
});

test('opening around a message marks the ticket read only when the page reaches the newest message', async () => {
  const far = await conversation(60, 3);
  const near = await conversation(60, 3);
  const unreadOf = async (c: typeof far) =>
    (await call(app, 'GET', `/tickets/${c.ticket.id}`, { token: c.tenant.admin.token })).body.unreadMessages;

  await far.list(`around=${far.ids[5]}`);
  await near.list(`around=${near.ids[55]}`);

  expect(await unreadOf(far)).toBe(3);
  expect(await unreadOf(near)).toBe(0);
});

test("a message of another ticket or another company is not found, and the other company's ticket stays hidden", async () => {
  const mine = await conversation(5);
  const [mineOther] = await app.deps.db
    .insert(messages)
    .values({
      companyId: mine.tenant.companyId,
      ticketId: (await createTicket(app, mine.tenant.companyId)).id,
      body: 'x',
    })
    .returning();
  const other = await conversation(5);

  const otherCompanys = await mine.list(`around=${other.ids[0]}`);
  const otherTicket = await mine.list(`around=${mineOther?.id}`);
  const theirTicket = await call(app, 'GET', `/messages/${other.ticket.id}?around=${other.ids[0]}`, {
    token: mine.tenant.admin.token,
  });

  expect(otherCompanys).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  expect(otherTicket).toMatchObject({ status: 404, body: { error: 'ERR_NO_MESSAGE_FOUND' } });
  expect(theirTicket).toMatchObject({ status: 404, body: { error: 'ERR_NO_TICKET_FOUND' } });
});

test('one way of paging at a time; a malformed around is a validation error', async () => {
  const { ids, list } = await conversation(25);
  const first = await list('pageNumber=1');

  const both = await list(`around=${ids[3]}&before=${first.body.nextCursor}`);
  const bad = await list('around=abc');

  expect(both).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  // The spec's paging answers as before, now with no newer cursor.
  expect(first.body).toMatchObject({ hasMore: true, newerCursor: null });
  expect(bodies(first.body)).toEqual(range(5, 25));
});
