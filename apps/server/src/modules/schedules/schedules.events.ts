import { can, events, type ScheduleEvent } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { publishWithNumbers } from '../contacts/contacts.events.js';
import { findSchedule, toSchedule } from './schedules.queries.js';

type Live = Pick<AppDeps, 'realtime'>;

const managers = (companyId: number) => rooms.audience(companyId, 'schedules:manageAll');

/** Those who read every schedule of the company hear about every one. */
export const scheduleAudience: AudienceSource = async (actor) =>
  can(actor, 'schedules:manageAll') ? [managers(actor.companyId)] : [];

/** Who may read a schedule over HTTP: its author and the managers. */
const readers = (companyId: number, userId: number | null) =>
  userId === null ? [managers(companyId)] : [managers(companyId), rooms.user(userId)];

/** Tells the schedule's readers its current state (created, saved, sent, failed), read fresh from the row. */
export async function publishSchedule(
  deps: Live & Pick<AppDeps, 'db' | 'actors'>,
  companyId: number,
  id: number,
  action: 'create' | 'update',
) {
  const row = await findSchedule(deps.db, companyId, id);
  if (!row) return;
  const event: ScheduleEvent = { action, schedule: toSchedule(row, false) };
  const masked = (): ScheduleEvent => ({ action, schedule: toSchedule(row, true) });
  await publishWithNumbers(
    deps,
    companyId,
    readers(companyId, row.userId),
    events.schedule(companyId),
    event,
    masked,
  );
}

export function publishScheduleDeleted(
  deps: Live,
  companyId: number,
  scope: { id: number; userId: number | null },
) {
  const event: ScheduleEvent = { action: 'delete', id: scope.id };
  deps.realtime.toRoom(readers(companyId, scope.userId), events.schedule(companyId), event);
}
