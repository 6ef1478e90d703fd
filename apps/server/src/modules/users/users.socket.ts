import { clientEvents } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import type { SocketSetup } from '../../platform/realtime/realtime.js';
import { markOnline } from './users.presence.js';

/** The web app sends `userStatus` every 5 minutes; connecting counts as one too. */
export const trackPresence =
  (deps: AppDeps): SocketSetup =>
  (socket, actor) => {
    const beat = () => markOnline(deps, actor.userId).catch((error) => socket.emit('error', String(error)));
    beat();
    socket.on(clientEvents.userStatus, beat);
  };
