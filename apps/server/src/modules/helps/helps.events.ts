import { events, type HelpEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { rooms } from '../../platform/realtime/rooms.js';

/**
 * Help videos are the platform's, the same for every company: one emit to the room every signed-in
 * socket joins, rather than one per company. A company past its due date sees no help page and is
 * not in that room.
 */
export function publishHelp(deps: Pick<AppDeps, 'realtime'>, event: HelpEvent) {
  deps.realtime.toRoom(rooms.everyone, events.help(), event);
}
