import { type Announcement, type AnnouncementEvent, can, events } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { allCompanyIds } from './announcements.queries.js';

type Live = Pick<AppDeps, 'realtime' | 'db'>;

const managers = (companyId: number) => rooms.audience(companyId, 'announcements:manage');

/** The super user's list shows announcements that are off too, so they hear of every change. */
export const announcementAudience: AudienceSource = async (actor: RequestActor) =>
  can(actor, 'announcements:manage') ? [managers(actor.companyId)] : [];

/**
 * Every company's users hear of an announcement that is on (spec 001 §7, `company-{id}-announcement`);
 * one turned off is withdrawn from them (a delete) while the super users still get the record.
 */
export async function publishAnnouncement(deps: Live, action: 'create' | 'update', record: Announcement) {
  const changed: AnnouncementEvent = { action, record };
  const withdrawn: AnnouncementEvent = { action: 'delete', id: record.id };
  for (const companyId of await allCompanyIds(deps.db)) {
    const name = events.announcement(companyId);
    if (record.status) {
      deps.realtime.toRoom(rooms.company(companyId), name, changed);
    } else {
      deps.realtime.toRoom(managers(companyId), name, changed);
      deps.realtime.toRoom(rooms.company(companyId), name, withdrawn, managers(companyId));
    }
  }
}

export async function publishAnnouncementDeleted(deps: Live, id: number) {
  const removal: AnnouncementEvent = { action: 'delete', id };
  for (const companyId of await allCompanyIds(deps.db)) {
    deps.realtime.toRoom(rooms.company(companyId), events.announcement(companyId), removal);
  }
}
