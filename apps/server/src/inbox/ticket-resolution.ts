import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { ticketCycles, tickets } from '../db/schema/index.js';
import type { InboundMessage } from './receive.js';

/**
 * One active ticket per company, contact and connection: the partial unique index decides, so two
 * messages arriving together can never open two tickets.
 */
export async function findOrCreateTicket(tx: Tx, input: InboundMessage, contactId: number) {
  const [created] = await tx
    .insert(tickets)
    .values({
      companyId: input.companyId,
      contactId,
      connectionId: input.connectionId,
      channel: input.channel,
      status: 'pending',
    })
    .onConflictDoNothing({
      target: [tickets.companyId, tickets.contactId, tickets.connectionId],
      where: sql`${tickets.status} <> 'closed'`,
    })
    .returning();
  if (created) {
    await tx.insert(ticketCycles).values({
      companyId: input.companyId,
      ticketId: created.id,
      connectionId: input.connectionId,
      queuedAt: created.createdAt,
    });
    return { ticket: created, created: true };
  }
  const [active] = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, input.companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.connectionId, input.connectionId),
        ne(tickets.status, 'closed'),
      ),
    );
  if (!active) throw new Error('active ticket vanished');
  return { ticket: active, created: false };
}
