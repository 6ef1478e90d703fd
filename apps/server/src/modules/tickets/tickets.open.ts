import { type CreateTicketBody, can, msg, type Ticket } from '@balcao/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { connections, contacts, ticketCycles, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishTicket } from './tickets.events.js';
import { loadTicket } from './tickets.queries.js';
import { findTicketHolder, queueExists, writeTicketLog } from './tickets.transitions.queries.js';

/**
 * Opens a ticket for a contact on one of the company's connections. The partial unique index (one
 * active ticket per contact and connection) decides a race; the loser, like anyone asking while
 * the contact has an active ticket there, is answered with that ticket's holder.
 */
export async function openTicket(ctx: Ctx, body: CreateTicketBody): Promise<Ticket> {
  const status = body.status ?? 'open';
  const queueId = body.queueId ?? null;
  // Admins may leave the queue out (spec 000 §5 'Selecione uma fila'); others' tickets need one.
  if (queueId === null && !can(ctx.actor, 'queues:manage'))
    throw new AppError('ERR_VALIDATION', 'A queue is required', { queueId: msg.required });
  const [contact] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(tenant(contacts, ctx.companyId, eq(contacts.id, body.contactId)));
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  const [connection] = await ctx.db
    .select({ id: connections.id, channel: connections.channel })
    .from(connections)
    .where(tenant(connections, ctx.companyId, eq(connections.id, body.whatsappId)));
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (queueId !== null && !(await queueExists(ctx.db, ctx.companyId, queueId)))
    throw new AppError('ERR_VALIDATION', 'Unknown queue', { queueId: msg.invalidValue });

  const now = new Date();
  const userId = status === 'open' ? ctx.actor.userId : null;
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tickets)
      .values({
        companyId: ctx.companyId,
        contactId: contact.id,
        connectionId: connection.id,
        channel: connection.channel,
        status,
        queueId,
        userId,
        acceptedAt: userId ? now : null,
      })
      .onConflictDoNothing({
        target: [tickets.companyId, tickets.contactId, tickets.connectionId],
        where: sql`${tickets.status} <> 'closed'`,
      })
      .returning({ id: tickets.id });
    if (!row) return undefined;
    await tx.insert(ticketCycles).values({
      companyId: ctx.companyId,
      ticketId: row.id,
      connectionId: connection.id,
      queueId,
      userId,
      queuedAt: now,
      acceptedAt: userId ? now : null,
    });
    await writeTicketLog(tx, {
      companyId: ctx.companyId,
      ticketId: row.id,
      userId: ctx.actor.userId,
      queueId,
      type: 'create',
      createdAt: now,
    });
    return row;
  });
  if (!created) {
    const holder = await findTicketHolder(
      ctx.db,
      ctx.links,
      ctx.companyId,
      and(
        eq(tickets.contactId, contact.id),
        eq(tickets.connectionId, connection.id),
        ne(tickets.status, 'closed'),
      ) as SQL,
    );
    throw new AppError('ERR_OTHER_OPEN_TICKET', 'The contact has an active ticket there', undefined, holder);
  }
  const ticket = (await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, created.id))) as Ticket;
  publishTicket(ctx, ctx.companyId, ticket);
  return ticket;
}
