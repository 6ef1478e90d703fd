import { and, count, eq, gte, lt } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { ticketCycles, tickets } from '../../db/schema/index.js';
import { countPeriodCycles } from './reports.count.js';

const app = await createTestApp();
afterAll(() => app.close());

/** The cycles begun in [from, to), counted one by one. */
async function countedOneByOne(companyId: number, from: Date, to: Date) {
  const [row] = await app.deps.db
    .select({ total: count() })
    .from(ticketCycles)
    .where(
      and(
        eq(ticketCycles.companyId, companyId),
        gte(ticketCycles.createdAt, from),
        lt(ticketCycles.createdAt, to),
      ),
    );
  return row?.total;
}

async function cyclesBegunAt(companyId: number, ticketId: number, instants: string[]) {
  return app.deps.db
    .insert(ticketCycles)
    .values(instants.map((at) => ({ companyId, ticketId, createdAt: new Date(at) })))
    .returning({ id: ticketCycles.id });
}

// Midnight in Kolkata (UTC+05:30) falls in the middle of a UTC hour: the period's ends are partial hours.
const KOLKATA_DAY = { from: new Date('2026-03-09T18:30:00Z'), to: new Date('2026-03-10T18:30:00Z') };

test('a day that starts and ends in the middle of an hour counts every cycle begun in it, and only those', async () => {
  const { companyId } = await createTenant(app);
  const ticket = await createTicket(app, companyId);
  await cyclesBegunAt(companyId, ticket.id, [
    '2026-03-09T18:29:59.999Z',
    '2026-03-09T18:30:00Z',
    '2026-03-09T18:59:59Z',
    '2026-03-09T19:00:00Z',
    '2026-03-10T03:15:00Z',
    '2026-03-10T18:00:00Z',
    '2026-03-10T18:29:59.999Z',
    '2026-03-10T18:30:00Z',
  ]);
  const quarter = { from: new Date('2026-03-09T18:30:00Z'), to: new Date('2026-03-09T18:45:00Z') };

  const day = await countPeriodCycles(app.deps.db, companyId, KOLKATA_DAY.from, KOLKATA_DAY.to);
  const withinAnHour = await countPeriodCycles(app.deps.db, companyId, quarter.from, quarter.to);

  expect(day).toBe(6);
  expect(withinAnHour).toBe(1);
});

test('a ticket deleted takes its cycles out of the total, and a cycle whose start moves is counted where it went', async () => {
  const { companyId } = await createTenant(app);
  const kept = await createTicket(app, companyId);
  const deleted = await createTicket(app, companyId);
  const [moved] = await cyclesBegunAt(companyId, kept.id, ['2026-03-10T05:00:00Z', '2026-03-10T06:00:00Z']);
  await cyclesBegunAt(companyId, deleted.id, ['2026-03-10T05:10:00Z', '2026-03-10T05:20:00Z']);

  await app.deps.db.delete(tickets).where(eq(tickets.id, deleted.id));
  await app.deps.db
    .update(ticketCycles)
    .set({ createdAt: new Date('2026-03-11T05:00:00Z') })
    .where(eq(ticketCycles.id, moved?.id ?? 0));

  const day = await countPeriodCycles(app.deps.db, companyId, KOLKATA_DAY.from, KOLKATA_DAY.to);
  expect(day).toBe(1);
  expect(day).toBe(await countedOneByOne(companyId, KOLKATA_DAY.from, KOLKATA_DAY.to));
});

test.runIf(process.env.TEST_DATABASE_URL)(
  'cycles written by many transactions at once, in the same hour, are all counted',
  async () => {
    const { companyId } = await createTenant(app);
    const ticket = await createTicket(app, companyId);

    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.deps.db.transaction(async (tx) => {
          await tx.insert(ticketCycles).values({
            companyId,
            ticketId: ticket.id,
            createdAt: new Date(`2026-03-10T05:${String(i).padStart(2, '0')}:00Z`),
          });
          await tx
            .insert(ticketCycles)
            .values({ companyId, ticketId: ticket.id, createdAt: new Date('2026-03-10T05:30:00Z') });
        }),
      ),
    );

    const day = await countPeriodCycles(app.deps.db, companyId, KOLKATA_DAY.from, KOLKATA_DAY.to);
    expect(day).toBe(40);
    expect(day).toBe(await countedOneByOne(companyId, KOLKATA_DAY.from, KOLKATA_DAY.to));
  },
);
