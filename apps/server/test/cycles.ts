import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { connections, contacts, ticketCycles, ticketRatings, tickets } from '../src/db/schema/index.js';
import type { TestUser } from './fixtures.js';

/** São Paulo is UTC−3 all year (no daylight saving since 2019): local 09:00 on 03-09 is 12:00Z. */
export const sp = (local: string) => new Date(`${local}:00-03:00`);

/** One cycle of a ticket: when it was queued, accepted, closed and rated, and by whom. */
export interface CycleFacts {
  queued: Date;
  accepted?: Date;
  closed?: Date;
  user?: TestUser;
  queueId?: number | null;
  rating?: { rate: number; at: Date; scale?: number };
}

/** Tickets, their cycles and ratings written at chosen instants, as the ticket flow writes them. */
export function cycleSeeds(app: FastifyInstance) {
  const db = () => app.deps.db;

  async function connectionOf(companyId: number, name = 'Site') {
    const [row] = await db()
      .insert(connections)
      .values({ companyId, name, channel: 'webchat', token: randomUUID().replaceAll('-', '').slice(0, 30) })
      .returning();
    if (!row) throw new Error('no connection');
    return row;
  }

  async function contactOf(companyId: number) {
    const [row] = await db()
      .insert(contacts)
      .values({
        companyId,
        name: `Cliente ${randomUUID().slice(0, 6)}`,
        number: `55${Date.now() % 1e9}${Math.random()}`,
      })
      .returning();
    if (!row) throw new Error('no contact');
    return row;
  }

  async function seedTicket(
    companyId: number,
    connectionId: number,
    contactId: number,
    status: string,
    cycles: CycleFacts[],
  ) {
    const first = cycles[0] as CycleFacts;
    const last = cycles.at(-1) as CycleFacts;
    const [ticket] = await db()
      .insert(tickets)
      .values({
        companyId,
        contactId,
        connectionId,
        status,
        isGroup: status === 'group',
        userId: status === 'open' ? (last.user?.id ?? null) : null,
        queueId: last.queueId ?? null,
        createdAt: first.queued,
        updatedAt: last.closed ?? last.accepted ?? last.queued,
      })
      .returning();
    if (!ticket) throw new Error('no ticket');
    for (const facts of cycles) {
      const [cycle] = await db()
        .insert(ticketCycles)
        .values({
          companyId,
          ticketId: ticket.id,
          connectionId,
          queueId: facts.queueId ?? null,
          userId: facts.user?.id ?? null,
          queuedAt: facts.queued,
          acceptedAt: facts.accepted ?? null,
          closedAt: facts.closed ?? null,
          createdAt: facts.queued,
        })
        .returning();
      if (!cycle) throw new Error('no cycle');
      if (facts.rating)
        await db()
          .insert(ticketRatings)
          .values({
            companyId,
            ticketId: ticket.id,
            cycleId: cycle.id,
            userId: facts.user?.id ?? null,
            rate: facts.rating.rate,
            scale: facts.rating.scale ?? 10,
            createdAt: facts.rating.at,
          });
    }
    return ticket;
  }

  return { connectionOf, contactOf, seedTicket };
}
