import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { contacts, tags, ticketCycles, ticketRatings, tickets, ticketTags } from '../src/db/schema/index.js';
import { call } from './app.js';
import { createQueue, createTenant, createTicket, createUser, type TestUser } from './fixtures.js';

const at = (iso: string) => new Date(iso);

/**
 * One company's day, 10 March 2026 in São Paulo (UTC−3), played through the ticket API and then
 * dated by hand, so every figure below is computed on paper:
 * - T1 (Maria): closed by the admin (12:00–12:45Z, NPS 10), reopened by Bia and closed the next day
 *   (14:00Z–16:05Z on the 11th: 26 h 05, NPS 7), reopened by the admin at 23:30 local (02:30Z on the
 *   11th), still open: three cycles;
 * - T2: accepted by Bia in queue 1, transferred to Carlos in queue 2, closed by him (13:00–13:30Z,
 *   NPS 3), tagged;
 * - T3: closed 10:00–10:10Z, still waiting for its rating, with an old 1–5 rating (no NPS);
 * - T4: opened at 23:30 local on the 9th (02:30Z on the 10th), outside the day;
 * - another company's ticket on the same day.
 */
export async function seedReportDay(app: FastifyInstance) {
  const db = app.deps.db;
  const tenant = await createTenant(app);
  const { companyId, admin } = tenant;
  const bia = await createUser(app, companyId, { name: 'Bia', allTicket: 'enable' });
  const carlos = await createUser(app, companyId, {
    name: 'Carlos',
    allTicket: 'enable',
    showDashboard: 'enabled',
  });
  const plain = await createUser(app, companyId, { name: 'Davi' });
  const supervisor = await createUser(app, companyId, { name: 'Eva', profile: 'supervisor' });
  const queue1 = await createQueue(app, companyId, [bia, carlos]);
  const queue2 = await createQueue(app, companyId, [bia, carlos]);

  const conversation = async (queueId: number | null) => {
    const ticket = await createTicket(app, companyId, { queueId });
    await db.insert(ticketCycles).values({
      companyId,
      ticketId: ticket.id,
      connectionId: ticket.connectionId,
      queueId,
      queuedAt: new Date(),
    });
    return ticket;
  };
  const put = async (user: TestUser, id: number, body: object) => {
    const answer = await call(app, 'PUT', `/tickets/${id}`, { token: user.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  const t1 = await conversation(queue1.id);
  await db.update(contacts).set({ name: 'Maria Report' }).where(eq(contacts.id, t1.contactId));
  await put(admin, t1.id, { status: 'open' });
  await put(admin, t1.id, { status: 'closed' });
  await put(bia, t1.id, { status: 'open' });
  await put(bia, t1.id, { status: 'closed' });
  await put(admin, t1.id, { status: 'open' });

  const t2 = await conversation(queue1.id);
  await put(bia, t2.id, { status: 'open' });
  await put(bia, t2.id, { userId: carlos.id, queueId: queue2.id });
  await put(carlos, t2.id, { status: 'closed' });
  const [tag] = await db
    .insert(tags)
    .values({ companyId, name: `VIP ${t2.id}` })
    .returning();
  await db.insert(ticketTags).values({ ticketId: t2.id, tagId: tag?.id as number });

  const t3 = await conversation(null);
  const t4 = await conversation(null);
  const other = await createTenant(app);
  const foreign = await createTicket(app, other.companyId);
  await db.insert(ticketCycles).values({
    companyId: other.companyId,
    ticketId: foreign.id,
    connectionId: foreign.connectionId,
    createdAt: at('2026-03-10T12:00:00Z'),
  });

  const cyclesOf = (ticketId: number) =>
    db.select().from(ticketCycles).where(eq(ticketCycles.ticketId, ticketId)).orderBy(asc(ticketCycles.id));
  const date = async (id: number, createdAt: string, closedAt: string | null) =>
    db
      .update(ticketCycles)
      .set({ createdAt: at(createdAt), closedAt: closedAt ? at(closedAt) : null })
      .where(eq(ticketCycles.id, id));
  const rate = (cycle: { id: number; ticketId: number }, rate: number, scale = 10) =>
    db.insert(ticketRatings).values({ companyId, ticketId: cycle.ticketId, cycleId: cycle.id, rate, scale });

  const [c1, c2, c3] = await cyclesOf(t1.id);
  const [c4] = await cyclesOf(t2.id);
  const [c5] = await cyclesOf(t3.id);
  const [c6] = await cyclesOf(t4.id);
  if (!c1 || !c2 || !c3 || !c4 || !c5 || !c6) throw new Error('cycles missing');
  await date(c1.id, '2026-03-10T12:00:00Z', '2026-03-10T12:45:00Z');
  await date(c2.id, '2026-03-10T14:00:00Z', '2026-03-11T16:05:00Z');
  await date(c3.id, '2026-03-11T02:30:00Z', null);
  await date(c4.id, '2026-03-10T13:00:00Z', '2026-03-10T13:30:00Z');
  await date(c5.id, '2026-03-10T10:00:00Z', '2026-03-10T10:10:00Z');
  await date(c6.id, '2026-03-10T02:30:00Z', null);
  await db
    .update(tickets)
    .set({ status: 'nps', closedAt: at('2026-03-10T10:10:00Z') })
    .where(eq(tickets.id, t3.id));
  await rate(c1, 10);
  await rate(c2, 7);
  await rate(c4, 3);
  await rate(c5, 4, 5);

  return {
    companyId,
    other,
    users: { admin, bia, carlos, plain, supervisor },
    queues: { queue1, queue2 },
    tag: tag as { id: number },
    tickets: { t1, t2, t3, t4, foreign },
    cycles: { c1, c2, c3, c4, c5, c6 },
  };
}

/** The 10th of March on the company's calendar. */
export const THE_DAY = 'dateFrom=2026-03-10&dateTo=2026-03-10';
