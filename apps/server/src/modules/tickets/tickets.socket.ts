import { clientEvents } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { allowance, latestOnly } from '../../platform/realtime/flood.js';
import type { SocketSetup } from '../../platform/realtime/realtime.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { findVisibleTicket } from './tickets.access.js';

/** Opening chats is a click each; more than this per second is ignored. */
export const CHAT_JOINS_PER_SECOND = 5;

/** An open chat joins its ticket's room, only if the user may (still) see that ticket. */
export const ticketRooms =
  (deps: AppDeps): SocketSetup =>
  (socket, { userId, companyId }) => {
    const allowed = allowance(CHAT_JOINS_PER_SECOND, 1000);
    const join = latestOnly(async (id: number) => {
      const actor = await deps.actors.load(userId);
      const ticket = actor && (await findVisibleTicket(deps.db, actor, id));
      if (ticket && socket.connected) socket.join(rooms.ticket(companyId, id));
    });
    socket.on(clientEvents.joinChatBox, (ticketId: unknown) => {
      const id = Number(ticketId);
      if (Number.isInteger(id) && id > 0 && allowed()) join(id);
    });
    socket.on(clientEvents.leaveChatBox, (ticketId: unknown) => {
      socket.leave(rooms.ticket(companyId, Number(ticketId)));
    });
  };
