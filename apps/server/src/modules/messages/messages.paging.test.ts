import { encodeMessageCursor, type Message } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { messages, queues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

/**
 * A ticket with `count` messages stored in one statement: they share one creation time, with
 * PostgreSQL's microseconds, so only the id orders them and a cursor rounded to a JS Date would miss.
 */
async function conversation(count: number) {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const insert = (bodies: string[]) =>
    app.deps.db
      .insert(messages)
      .values(bodies.map((body) => ({ companyId: tenant.companyId, ticketId: ticket.id, body })));
  if (count > 0) await insert(Array.from({ length: count }, (_, i) => `m${i}`));
  const list = async (query: string) => {
    return call(app, 'GET', `/messages/${ticket.id}?${query}`, { token: tenant.admin.token });
  };
  return { tenant, ticket, insert, list };
}

const bodies = (page: { messages: Message[] }) => page.messages.map((m) => m.body);

test('pages by cursor go back without gaps or repeats while new messages arrive', async () => {
  const { list, insert } = await conversation(45);

  const first = await list('pageNumber=1');
  expect(first.status).toBe(200);
  expect(bodies(first.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${25 + i}`));
  expect(first.body).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });

  await insert(['new1', 'new2', 'new3']);

  const second = await list(`before=${first.body.nextCursor}`);
  expect(second.status).toBe(200);
  expect(bodies(second.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${5 + i}`));
  const third = await list(`before=${second.body.nextCursor}`);
  expect(bodies(third.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  expect(third.body).toMatchObject({ hasMore: false, nextCursor: null });
});

test('the cursor orders by creation time before id', async () => {
  const { tenant, ticket, list } = await conversation(0);
  // Ids and times disagree: an imported history arrives after newer messages were stored.
  await app.deps.db.insert(messages).values(
    Array.from({ length: 21 }, (_, i) => ({
      companyId: tenant.companyId,
      ticketId: ticket.id,
      body: `new${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 2, 0, 0, i)),
    })),
  );
  await app.deps.db.insert(messages).values({
    companyId: tenant.companyId,
    ticketId: ticket.id,
    body: 'old',
    createdAt: new Date(Date.UTC(2026, 0, 1)),
  });

  const first = await list('pageNumber=1');
  const second = await list(`before=${first.body.nextCursor}`);

  expect(bodies(first.body)).toEqual(Array.from({ length: 20 }, (_, i) => `new${i + 1}`));
  expect(bodies(second.body)).toEqual(['old', 'new0']);
});

test('pageNumber still pages by offset, with a cursor for what follows', async () => {
  const { list } = await conversation(45);

  const second = await list('pageNumber=2');
  const third = await list(`before=${second.body.nextCursor}`);

  expect(bodies(second.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${5 + i}`));
  expect(bodies(third.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
});

test('a cursor the server did not hand out is a validation error', async () => {
  const { list } = await conversation(3);
  const malformed = [
    'not a cursor',
    '%00',
    'bm90IGEgY3Vyc29y',
    '1a2b',
    '-1.1',
    encodeMessageCursor({ createdAtMicros: '1', id: 0 }),
    encodeMessageCursor({ createdAtMicros: '1', id: 2 ** 31 }),
    encodeMessageCursor({ createdAtMicros: '99999999999999999', id: 1 }),
    'A'.repeat(5000),
  ];

  for (const before of malformed) {
    const answer = await list(`before=${encodeURIComponent(before)}`);
    expect(answer, before).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  }
});

test('a cursor far in the past or future answers a page, not an error', async () => {
  const { list } = await conversation(3);

  const future = await list(`before=${encodeMessageCursor({ createdAtMicros: '9007199254740991', id: 1 })}`);
  const past = await list(`before=${encodeMessageCursor({ createdAtMicros: '0', id: 1 })}`);

  expect(bodies(future.body)).toEqual(['m0', 'm1', 'm2']);
  expect(future.body).toMatchObject({ hasMore: false, nextCursor: null });
  expect(bodies(past.body)).toEqual([]);
});

test('selectedQueues keeps the messages written in those queues and those written without one', async () => {
  const { tenant, ticket, list } = await conversation(0);
  const [sales, support] = (await app.deps.db
    .insert(queues)
    .values([
      { companyId: tenant.companyId, name: 'Vendas', color: '#111111' },
      { companyId: tenant.companyId, name: 'Suporte', color: '#222222' },
    ])
    .returning()) as [typeof queues.$inferSelect, typeof queues.$inferSelect];
  await app.deps.db.insert(messages).values(
    [
      { body: 'bot, no queue yet', queueId: null },
      { body: 'in sales', queueId: sales.id },
      { body: 'in support', queueId: support.id },
    ].map((m, i) => ({
      ...m,
      companyId: tenant.companyId,
      ticketId: ticket.id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );

  const salesOnly = await list(`selectedQueues=[${sales.id}]`);
  const both = await list(`selectedQueues=[${sales.id},${support.id}]`);
  const none = await list('selectedQueues=[]');
  const malformed = await list('selectedQueues=[1,');

  expect(bodies(salesOnly.body)).toEqual(['bot, no queue yet', 'in sales']);
  expect(bodies(both.body)).toEqual(['bot, no queue yet', 'in sales', 'in support']);
  expect(bodies(none.body)).toEqual(['bot, no queue yet', 'in sales', 'in support']);
  expect(malformed).toMatchObject({ status: 400, body: { fields: { selectedQueues: 'invalidValue' } } });
});
