import { type CreateTicketBody, can, msg, type Ticket } from '@balcao/shared';
import { desc, eq } from 'drizzle-orm';
import { connections, contacts, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishTicket } from './tickets.events.js';
import { loadTicket } from './tickets.queries.js';
import { findOrCreateTicket, lockContact } from './tickets.resolution.js';
import { findTicketHolder, queueExists } from './tickets.transitions.queries.js';

/**
 * Opens a ticket for a contact on one of the company's connections, through the inbox's own
 * find-or-create under the contact's lock: when the contact already has an active ticket there,
 * the caller is answered with that ticket's holder (the already-open dialog).
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
    .where(
      tenant(connections, ctx.companyId, body.whatsappId ? eq(connections.id, body.whatsappId) : undefined),
    )
    .orderBy(desc(connections.isDefault), connections.id)
    .limit(1);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (queueId !== null && !(await queueExists(ctx.db, ctx.companyId, queueId)))
    throw new AppError('ERR_VALIDATION', 'Unknown queue', { queueId: msg.invalidValue });

  const userId = status === 'open' ? ctx.actor.userId : null;
  const place = { companyId: ctx.companyId, connectionId: connection.id, channel: connection.channel };
  const { ticket: row, created } = await ctx.db.transaction(async (tx) => {
    await lockContact(tx, ctx.companyId, contact.id);
    return findOrCreateTicket(tx, place, contact.id, { holderId: userId, queueId });
  });
  if (!created) {
    const holder = await findTicketHolder(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, row.id));
    throw new AppError('ERR_OTHER_OPEN_TICKET', 'The contact has an active ticket there', undefined, holder);
  }
  const ticket = (await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, row.id))) as Ticket;
  await publishTicket(ctx, ctx.companyId, ticket);
  return ticket;
}
