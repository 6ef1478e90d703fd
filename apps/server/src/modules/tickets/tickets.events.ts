import { type AppMessageEvent, events, type Message, type Ticket, type TicketEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { publishWithNumbers } from '../contacts/contacts.events.js';
import { maskMessage, maskTicket } from '../contacts/contacts.masking.js';
import { type TicketScope, ticketAudience } from './tickets.audience.js';

type Live = Pick<AppDeps, 'realtime'>;
/** Events that carry the contact need the settings: lgpdHideNumber masks them for some of the audience. */
type LiveWithNumbers = Pick<AppDeps, 'realtime' | 'actors'>;

const maskTicketEvent = (event: TicketEvent): TicketEvent =>
  event.action === 'update' ? { ...event, ticket: maskTicket(event.ticket) } : event;

/**
 * A ticket event goes only to the sockets that may read the ticket. Given where the ticket was
 * before (`previous`), those who could see it there but not any more are told to drop it, and
 * leave its chat; they never receive the new content.
 */
export async function publishTicket(
  deps: LiveWithNumbers,
  companyId: number,
  ticket: Ticket,
  previous?: TicketScope,
) {
  const audience = ticketAudience(companyId, ticket);
  const payload: TicketEvent = { action: 'update', ticket };
  await publishWithNumbers(deps, companyId, audience, events.ticket(companyId), payload, maskTicketEvent);
  if (!previous) return;
  const before = ticketAudience(companyId, previous);
  if (before.every((room) => audience.includes(room))) return;
  const removal: TicketEvent = { action: 'delete', ticketId: ticket.id };
  deps.realtime.toRoom(before, events.ticket(companyId), removal, audience);
  deps.realtime.leaveRoom(before, rooms.ticket(companyId, ticket.id), audience);
}

/**
 * The ticket is gone (deleted): its rows drop from lists and its open chats close. Its other viewers
 * are told it was deleted (an open chat says so, spec 000 §4); the one who deleted it already knows.
 */
export function publishTicketDeleted(
  deps: Live,
  companyId: number,
  ticket: TicketScope & { id: number },
  deletedBy: number,
) {
  const audience = ticketAudience(companyId, ticket);
  const deleter = rooms.user(deletedBy);
  const told: TicketEvent = { action: 'delete', ticketId: ticket.id, deleted: true };
  deps.realtime.toRoom(audience, events.ticket(companyId), told, deleter);
  const removal: TicketEvent = { action: 'delete', ticketId: ticket.id };
  deps.realtime.toRoom(deleter, events.ticket(companyId), removal);
}

/** The ticket was folded into another of the same conversation (two contacts merged): rows drop, open chats close. */
export function publishTicketFolded(deps: Live, companyId: number, gone: TicketScope & { id: number }) {
  const audience = ticketAudience(companyId, gone);
  const removal: TicketEvent = { action: 'delete', ticketId: gone.id };
  deps.realtime.toRoom(audience, events.ticket(companyId), removal);
  deps.realtime.leaveRoom(audience, rooms.ticket(companyId, gone.id));
}

/** The ticket was read: its unread count dropped to zero. */
export function publishTicketRead(deps: Live, companyId: number, ticket: Ticket) {
  const payload: TicketEvent = { action: 'updateUnread', ticketId: ticket.id };
  deps.realtime.toRoom(ticketAudience(companyId, ticket), events.ticket(companyId), payload);
}

const maskMessageEvent = (event: AppMessageEvent): AppMessageEvent => ({
  ...event,
  message: maskMessage(event.message),
  ticket: maskTicket(event.ticket),
});

export function publishMessage(
  deps: LiveWithNumbers,
  companyId: number,
  action: 'create' | 'update',
  message: Message,
  ticket: Ticket,
) {
  const audience = ticketAudience(companyId, ticket);
  const payload: AppMessageEvent = { action, message, ticket };
  return publishWithNumbers(
    deps,
    companyId,
    audience,
    events.appMessage(companyId),
    payload,
    maskMessageEvent,
  );
}
