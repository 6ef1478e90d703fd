import { clientEvents } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { allowance } from '../../platform/realtime/flood.js';
import type { SocketSetup } from '../../platform/realtime/realtime.js';
import { markOnline } from './users.presence.js';

/**
 * Heartbeats closer together than this are ignored: the web app sends one every 5 minutes and the
 * sweep waits 6, so one a minute keeps anyone online while a flood costs no query.
 */
const HEARTBEAT_MIN_INTERVAL_MS = 60_000;

/** The web app sends `userStatus` every 5 minutes; connecting counts as one too. */
export const trackPresence =
  (deps: AppDeps): SocketSetup =>
  (socket, actor) => {
    const allowed = allowance(1, HEARTBEAT_MIN_INTERVAL_MS);
    const beat = () => {
      if (!allowed()) return;
      markOnline(deps, actor.companyId, actor.userId).catch((error) => socket.emit('error', String(error)));
    };
    beat();
    socket.on(clientEvents.userStatus, beat);
  };
