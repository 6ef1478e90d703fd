import { events, type QueueEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { rooms } from '../../platform/realtime/rooms.js';

/** Every user of a company may read its queues (pickers, ticket rows), so the whole company hears. */
export function publishQueue(deps: Pick<AppDeps, 'realtime'>, companyId: number, event: QueueEvent) {
  deps.realtime.toRoom(rooms.company(companyId), events.queue(companyId), event);
}
