import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { connections, ticketCycles, ticketLogs, tickets } from '../db/schema/index.js';
import type { TicketRow } from '../modules/tickets/tickets.bot-state.js';
import { placeKey } from './batch-resolution.js';

/**
 * New pending tickets for the batch's contacts that have no active one: findOrCreateTicket for many
 * at once (ticket, cycle and create log in one statement each), by placeKey. A contact the batch
 * cannot open this way is left out for findOrCreateTicket itself: one whose connection continues
 * recently closed tickets (timeCreateNewTicket), or whose active ticket appeared meanwhile.
 */
export async function openTickets(
  tx: Tx,
  companyId: number,
  places: { contactId: number; connectionId: number; channel: string }[],
  now: Date,
): Promise<Map<string, TicketRow>> {
  if (places.length === 0) return new Map();
  const reopening = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.companyId, companyId),
        inArray(connections.id, [...new Set(places.map((place) => place.connectionId))]),
        gt(connections.timeCreateNewTicket, 0),
      ),
    );
  const skipped = new Set(reopening.map((connection) => connection.id));
  const opening = places.filter((place) => !skipped.has(place.connectionId));
  if (opening.length === 0) return new Map();
  const created = await tx
    .insert(tickets)
    .values(
      opening.map((place) => ({
        companyId,
        contactId: place.contactId,
        connectionId: place.connectionId,
        channel: place.channel,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({
      target: [tickets.companyId, tickets.contactId, tickets.connectionId],
      where: sql`${tickets.status} <> 'closed'`,
    })
    .returning();
  if (created.length === 0) return new Map();
  await tx.insert(ticketCycles).values(
    created.map((ticket) => ({
      companyId,
      ticketId: ticket.id,
      connectionId: ticket.connectionId,
      queuedAt: ticket.createdAt,
    })),
  );
  await tx.insert(ticketLogs).values(
    created.map((ticket) => ({
      companyId,
      ticketId: ticket.id,
      type: 'create' as const,
      createdAt: ticket.createdAt,
    })),
  );
  return new Map(created.map((ticket) => [placeKey(ticket.contactId, ticket.connectionId ?? 0), ticket]));
}
