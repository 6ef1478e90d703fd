import { clientEvents, events, type PresenceEvent, type TypingState, typingInput } from '@balcao/shared';
import type { tickets } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { allowance, latestOnly } from '../../platform/realtime/flood.js';
import type { SocketSetup } from '../../platform/realtime/realtime.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { ticketAudience } from '../tickets/tickets.audience.js';

type TicketRow = Pick<typeof tickets.$inferSelect, 'id' | 'status' | 'userId' | 'queueId'>;

/**
 * The browser reports typing at most every few seconds (see the composer); anything beyond this is
 * dropped rather than relayed, so one socket cannot make the server shout.
 */
export const TYPING_REPORTS_PER_SECOND = 2;

/** Who is writing in a conversation reaches exactly those who may open it, never its writer. */
export function publishPresence(
  deps: Pick<AppDeps, 'realtime'>,
  companyId: number,
  ticket: TicketRow,
  userId: number | null,
  state: TypingState | null,
) {
  const payload: PresenceEvent = { ticketId: ticket.id, userId, state };
  const except = userId === null ? [] : [rooms.user(userId)];
  deps.realtime.toRoom(ticketAudience(companyId, ticket), events.presence(companyId), payload, except);
}

/**
 * An attendant typing or recording in a chat they may write in: told to colleagues who see the
 * ticket and, where the channel can show it (the website chat), to the customer.
 */
export const typingRelay =
  (deps: AppDeps): SocketSetup =>
  (socket, { userId, companyId }) => {
    const allowed = allowance(TYPING_REPORTS_PER_SECOND, 1000);
    const relay = latestOnly(async ({ ticketId, state }: { ticketId: number; state: TypingState | null }) => {
      const actor = await deps.actors.load(userId);
      const ticket = actor && (await findVisibleTicket(deps.db, actor, ticketId));
      if (!ticket || (ticket.status !== 'open' && ticket.status !== 'group')) return;
      publishPresence(deps, companyId, ticket, userId, state);
      if (ticket.connectionId === null) return;
      const conversation = { companyId, connectionId: ticket.connectionId, contactId: ticket.contactId };
      await deps.channels.get(ticket.channel)?.presence?.(conversation, state);
    });
    socket.on(clientEvents.typing, (input: unknown) => {
      const parsed = typingInput.safeParse(input);
      if (parsed.success && allowed()) relay(parsed.data);
    });
  };
