import { can, events, type PublicUserEvent, type User, type UserEvent } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';

const managers = (companyId: number) => rooms.audience(companyId, 'users:manage');

/** Those who manage users hear every field of a user; see `publishUser`. */
export const userAudience: AudienceSource = async (actor: RequestActor) =>
  can(actor, 'users:manage') ? [managers(actor.companyId)] : [];

const publicShape = ({ id, name, online, color, profileImage }: User) => ({
  id,
  name,
  online,
  color,
  profileImage,
});

/**
 * The one publisher of user events: the whole record (e-mail, hours, queues…) to those who manage
 * users and to the user themselves, the public shape to everyone else in the company.
 */
export function publishUser(deps: Pick<AppDeps, 'realtime'>, companyId: number, event: UserEvent) {
  const privateRooms = [managers(companyId)];
  if (event.action !== 'delete') privateRooms.push(rooms.user(event.user.id));
  const shared: PublicUserEvent =
    event.action === 'delete' ? event : { action: event.action, user: publicShape(event.user) };
  deps.realtime.toRoom(privateRooms, events.user(companyId), event);
  deps.realtime.toRoom(rooms.company(companyId), events.user(companyId), shared, privateRooms);
}
