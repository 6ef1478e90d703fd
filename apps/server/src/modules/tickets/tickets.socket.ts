import { clientEvents } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import type { SocketSetup } from '../../platform/realtime/realtime.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { findVisibleTicket } from './tickets.access.js';

/** An open chat joins its ticket's room, only if the user may see that ticket. */
export const ticketRooms =
  (deps: AppDeps): SocketSetup =>
  (socket, actor) => {
    socket.on(clientEvents.joinChatBox, async (ticketId: unknown) => {
      const id = Number(ticketId);
      if (!Number.isInteger(id) || id <= 0) return;
      const ticket = await findVisibleTicket(deps.db, actor, id).catch(() => undefined);
      if (ticket) socket.join(rooms.ticket(actor.companyId, id));
    });
    socket.on(clientEvents.leaveChatBox, (ticketId: unknown) => {
      socket.leave(rooms.ticket(actor.companyId, Number(ticketId)));
    });
  };
