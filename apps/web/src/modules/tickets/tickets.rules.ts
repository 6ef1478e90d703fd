import { can, type Message, type SessionUser, type Ticket } from '@balcao/shared';

/** The tabs of the ticket list (spec 000 §2); group tickets wait for the groups issue. */
export const ticketTabs = ['open', 'pending', 'closed'] as const;
export type TicketTab = (typeof ticketTabs)[number];

export interface TicketListFilters {
  status: TicketTab;
  /** Lowercased and trimmed, as the server compares it; '' lists everything. */
  search: string;
  showAll: boolean;
}

/**
 * Whether this user may see a ticket: the server's rule (tickets.access.ts) mirrored, because live
 * events reach the whole company and each list keeps only its own tickets.
 */
export function isTicketVisibleTo(ticket: Ticket, me: SessionUser): boolean {
  if (ticket.status === 'group' && !can(me, 'tickets:groups')) return false;
  if (can(me, 'tickets:seeAllQueues') || ticket.userId === me.id) return true;
  if (ticket.queueId === null) return ticket.userId === null;
  return me.queues.some((queue) => queue.id === ticket.queueId);
}

/** Whether a ticket belongs in a list as the server would answer it (search aside). */
export function belongsToList(ticket: Ticket, filters: TicketListFilters, me: SessionUser): boolean {
  if (ticket.status !== filters.status) return false;
  const showAll = filters.showAll && can(me, 'tickets-manager:showall');
  if (showAll) return true;
  // Without "show all", the open tab is the user's own tickets.
  if (filters.status === 'open') return ticket.userId === me.id;
  return isTicketVisibleTo(ticket, me);
}

/** Tickets that count on the bell: visible to this user, still active, with unread messages. */
export const countsAsUnread = (ticket: Ticket, me: SessionUser) =>
  ticket.unreadMessages > 0 && ticket.status !== 'closed' && isTicketVisibleTo(ticket, me);

/**
 * A customer message alerts (sound, desktop notification) unless its ticket is on screen. Pending
 * tickets alert regular users only when they see every queue (spec 000 §6); one's own always do.
 */
export function shouldAlert(
  message: Message,
  ticket: Ticket,
  me: SessionUser,
  onScreen: { uuid: string | undefined; visible: boolean },
): boolean {
  if (message.fromMe || message.isPrivate) return false;
  if (onScreen.visible && onScreen.uuid === ticket.uuid) return false;
  if (ticket.userId === me.id) return true;
  return (
    ticket.status === 'pending' &&
    ticket.userId === null &&
    can(me, 'tickets:seeAllQueues') &&
    isTicketVisibleTo(ticket, me)
  );
}

/** The server's rule for deleting a ticket note, mirrored to hide a button that would be refused. */
export function mayDeleteNote(me: SessionUser, note: { user: { id: number } | null }): boolean {
  return note.user?.id === me.id || can(me, 'ticket-notes:deleteAny');
}

/** The transfer dialog searches users from this many typed characters (spec 000 §2). */
export const USER_SEARCH_MIN = 3;

/** Whether a user's name holds what was typed, case and accents aside. */
export const userMatches = (typed: string) => {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const needle = fold(typed.trim());
  return (user: { name: string }) => fold(user.name).includes(needle);
};
