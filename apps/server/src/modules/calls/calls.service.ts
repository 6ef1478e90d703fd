import { eq } from 'drizzle-orm';
import { connections, contacts } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { dialWavoip, type WavoipCall, type WavoipEvents } from './wavoip.client.js';

/**
 * Calls the contact of a ticket the actor may open, from the ticket's connection, with the
 * connection's Wavoip token: read and opened here, used by this process, never sent anywhere else.
 */
export async function callTicketContact(
  deps: Pick<AppDeps, 'db' | 'secrets' | 'config'>,
  actor: RequestActor,
  ticketId: number,
  events: WavoipEvents,
): Promise<WavoipCall> {
  const ticket = await findVisibleTicket(deps.db, actor, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (ticket.isGroup || ticket.channel !== 'whatsapp' || ticket.connectionId === null)
    throw new AppError('ERR_WAPP_INVALID_CONTACT');
  const [connection] = await deps.db
    .select({ wavoip: connections.wavoip })
    .from(connections)
    .where(tenant(connections, actor.companyId, eq(connections.id, ticket.connectionId)));
  const token = deps.secrets.open(connection?.wavoip ?? '');
  if (!token) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  const [contact] = await deps.db
    .select({ number: contacts.number })
    .from(contacts)
    .where(tenant(contacts, actor.companyId, eq(contacts.id, ticket.contactId)));
  if (!contact?.number) throw new AppError('ERR_WAPP_INVALID_CONTACT');
  return dialWavoip(deps.config.wavoipUrl, token, contact.number, events);
}
