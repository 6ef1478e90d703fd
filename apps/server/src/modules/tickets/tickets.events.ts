import { events, type Message, type Ticket, type TicketEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { rooms } from '../../platform/realtime/rooms.js';

type Live = Pick<AppDeps, 'realtime'>;

/**
 * A ticket event goes to the rooms of the tabs that show it (its status, and the one it left),
 * to notification listeners and to the open chat. Lists filter by the user's queues themselves.
 */
export function publishTicket(deps: Live, companyId: number, ticket: Ticket, previousStatus?: string) {
  const targets = [
    rooms.ticketStatus(companyId, ticket.status),
    rooms.notification(companyId),
    rooms.ticket(companyId, ticket.id),
  ];
  if (previousStatus && previousStatus !== ticket.status)
    targets.push(rooms.ticketStatus(companyId, previousStatus));
  const payload: TicketEvent = { action: 'update', ticket };
  deps.realtime.toRoom(targets, events.ticket(companyId), payload);
}

export function publishMessage(
  deps: Live,
  companyId: number,
  action: 'create' | 'update',
  message: Message,
  ticket: Ticket,
) {
  const targets = [
    rooms.ticket(companyId, ticket.id),
    rooms.ticketStatus(companyId, ticket.status),
    rooms.notification(companyId),
  ];
  deps.realtime.toRoom(targets, events.appMessage(companyId), { action, message, ticket });
}
