import type { Ticket } from '@balcao/shared';
import type { SQL } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.js';
import { publishMessage } from '../tickets/tickets.events.js';
import { loadTicketById } from '../tickets/tickets.queries.js';
import { findQuoted, type MessageRow, raiseAck, raiseAcksWhere, toMessage } from './messages.queries.js';

/** Acks only move forward; a late "sent" never undoes "read". */
export async function setAck(
  deps: AppDeps,
  companyId: number,
  messageId: number,
  ack: number,
  extra: { externalId?: string } = {},
) {
  await publishMessageUpdates(deps, await raiseAck(deps.db, companyId, messageId, ack, extra));
}

/** Raises every message matching `where` to `ack` in one statement (a visitor reading a whole conversation). */
export async function raiseAcks(deps: AppDeps, companyId: number, where: SQL, ack: number) {
  await publishMessageUpdates(deps, await raiseAcksWhere(deps.db, companyId, where, ack));
}

/** One ticket load per ticket, however many of its messages changed. */
export async function publishMessageUpdates(deps: AppDeps, rows: MessageRow[]) {
  const loaded = new Map<number, Ticket>();
  for (const row of rows) {
    let ticket = loaded.get(row.ticketId);
    if (!ticket) {
      ticket = (await loadTicketById(deps.db, deps.links, row.companyId, row.ticketId)) as Ticket;
      loaded.set(row.ticketId, ticket);
    }
    const quoted = await findQuoted(deps.db, row);
    await publishMessage(deps, row.companyId, 'update', toMessage(row, deps.links, quoted), ticket);
  }
}
