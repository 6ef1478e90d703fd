import {
  CLOSED_TAB_STATUSES,
  can,
  type Message,
  type SessionUser,
  type Ticket,
  type TicketHolder,
} from '@balcao/shared';

/** The tabs of the ticket list (spec 000 §2): open holds the sub-tabs, search lists every status. */
export const ticketTabs = ['open', 'closed', 'search'] as const;
export type TicketTab = (typeof ticketTabs)[number];
export const openSubTabs = ['open', 'pending', 'group'] as const;
export type OpenSubTab = (typeof openSubTabs)[number];
/** The statuses the advanced filter offers on the search tab. */
export const filterStatuses = ['open', 'pending', 'closed', 'group'] as const;
export type FilterStatus = (typeof filterStatuses)[number];

/** What one list shows; the server applies the same filters (GET /tickets). */
export interface TicketListFilters {
  /** One status, or every one (the search tab, narrowed by `statusFilter`). */
  status: OpenSubTab | 'closed' | undefined;
  /** Lowercased and trimmed, as the server compares it; '' lists everything. */
  search: string;
  showAll: boolean;
  /** 0 is "Sem fila". Empty: every queue. */
  queueIds: number[];
  tags: number[];
  whatsappIds: number[];
  users: number[];
  statusFilter: FilterStatus[];
}

export const noFilters = {
  search: '',
  showAll: false,
  queueIds: [],
  tags: [],
  whatsappIds: [],
  users: [],
  statusFilter: [],
} satisfies Omit<TicketListFilters, 'status'>;

/** The status a tab lists. */
export const tabStatus = (tab: TicketTab, sub: OpenSubTab): TicketListFilters['status'] =>
  tab === 'open' ? sub : tab === 'closed' ? 'closed' : undefined;

/**
 * Whether this user may see a ticket: the server's rule (tickets.access.ts) mirrored, because live
 * events reach the whole company and each list keeps only its own tickets.
 */
export function isTicketVisibleTo(ticket: Ticket, me: SessionUser): boolean {
  if (ticket.status === 'group' && !can(me, 'tickets:groups')) return false;
  return inReach(ticket, me);
}

type Placement = Pick<Ticket, 'userId' | 'queueId'>;

/** The queue and attendant half of the visibility rule. */
function inReach(ticket: Placement, me: SessionUser): boolean {
  if (can(me, 'tickets:seeAllQueues') || ticket.userId === me.id) return true;
  if (ticket.queueId === null) return ticket.userId === null;
  return me.queues.some((queue) => queue.id === ticket.queueId);
}

const isInTab = (ticket: Ticket, status: NonNullable<TicketListFilters['status']>) =>
  status === 'closed' ? CLOSED_TAB_STATUSES.includes(ticket.status) : ticket.status === status;

/**
 * Whether the ticket named in a refusal (the contact's other active ticket) is one this user may
 * open. Its status is not told; a group ticket hidden from the user sends them back from its page.
 */
export const mayOpenHeldTicket = (holder: TicketHolder, me: SessionUser): boolean => inReach(holder, me);

/** Whether a ticket belongs in a list as the server would answer it (search aside). */
export function belongsToList(ticket: Ticket, filters: TicketListFilters, me: SessionUser): boolean {
  if (filters.status ? !isInTab(ticket, filters.status) : !matchesStatusFilter(ticket, filters)) return false;
  if (!matchesChosenFilters(ticket, filters)) return false;
  const showAll = filters.showAll && can(me, 'tickets-manager:showall');
  // Without "show all", the open tab is the user's own tickets.
  if (filters.status === 'open' && !showAll) return ticket.userId === me.id;
  return isTicketVisibleTo(ticket, me);
}

const matchesStatusFilter = (ticket: Ticket, filters: TicketListFilters) =>
  filters.statusFilter.length === 0 || (filters.statusFilter as string[]).includes(ticket.status);

/** The queue multi-select and the advanced filters; a ticket passing the server's copy passes these. */
function matchesChosenFilters(ticket: Ticket, filters: TicketListFilters): boolean {
  if (filters.queueIds.length && !filters.queueIds.includes(ticket.queueId ?? 0)) return false;
  if (filters.whatsappIds.length && !filters.whatsappIds.includes(ticket.whatsappId ?? -1)) return false;
  if (filters.users.length && !filters.users.includes(ticket.userId ?? -1)) return false;
  if (filters.tags.length && !ticket.tags.some((tag) => filters.tags.includes(tag.id))) return false;
  return true;
}

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
