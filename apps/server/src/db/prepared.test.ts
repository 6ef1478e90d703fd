import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTenant, createTicket } from '../../test/fixtures.js';
import { selectTickets } from '../modules/tickets/tickets.queries.js';
import { statementsByShape } from './prepared.js';
import { contacts, queues, tickets } from './schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const ofCompany = (withQueue: boolean) =>
  selectTickets(app.deps.db)
    .where(
      withQueue
        ? sql`${tickets.companyId} = ${sql.placeholder('companyId')} and ${tickets.queueId} is not null`
        : eq(tickets.companyId, sql.placeholder('companyId')),
    )
    .orderBy(tickets.id);

test('a statement built once per shape answers the rows drizzle maps, left joins that missed as null', async () => {
  const tenant = await createTenant(app);
  const [queue] = await app.deps.db
    .insert(queues)
    .values({ companyId: tenant.companyId, name: 'Vendas', color: '#111111' })
    .returning();
  await createTicket(app, tenant.companyId, { queueId: queue?.id, userId: tenant.admin.id, status: 'open' });
  await createTicket(app, tenant.companyId);
  const statement = statementsByShape('test_tickets', (_db, shape: { withQueue: boolean }) =>
    ofCompany(shape.withQueue),
  );

  const prepared = await statement(app.deps.db, { withQueue: false }).execute({
    companyId: tenant.companyId,
  });
  const mappedByDrizzle = await ofCompany(false).execute({ companyId: tenant.companyId });

  expect(prepared).toEqual(mappedByDrizzle);
  expect(prepared.map((row) => [row.queue?.name ?? null, row.user?.id ?? null])).toEqual([
    ['Vendas', tenant.admin.id],
    [null, null],
  ]);
  expect(prepared[1]).toMatchObject({ queue: null, user: null });
  expect(
    await statement(app.deps.db, { withQueue: true }).execute({ companyId: tenant.companyId }),
  ).toHaveLength(1);
  expect(Object.getPrototypeOf(statement(app.deps.db, { withQueue: false }))).toBe(
    Object.getPrototypeOf(statement(app.deps.db, { withQueue: false })),
  );
});

test('a statement asked for with a transaction runs on that transaction: it sees its rows, which roll back with it', async () => {
  const tenant = await createTenant(app);
  const statement = statementsByShape('test_tickets_tx', (_db, shape: { withQueue: boolean }) =>
    ofCompany(shape.withQueue),
  );
  const [contact] = await app.deps.db
    .insert(contacts)
    .values({ companyId: tenant.companyId, name: 'Ana', number: '5511955550001', channel: 'whatsapp' })
    .returning();
  const rolledBack = new Error('roll back');

  let seen: unknown[] = [];
  await app.deps.db
    .transaction(async (tx) => {
      await tx.insert(tickets).values({ companyId: tenant.companyId, contactId: contact?.id ?? 0 });
      const rows = await statement(tx, { withQueue: false }).execute({ companyId: tenant.companyId });
      seen = rows;
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });

  expect(seen).toHaveLength(1);
  expect(await statement(app.deps.db, { withQueue: false }).execute({ companyId: tenant.companyId })).toEqual(
    [],
  );
});
