import { type ContactListEvent, type ContactListItemEvent, can, events } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';

type Live = Pick<AppDeps, 'realtime'>;

/** Contact lists are campaign audiences, read only by those who manage campaigns on a plan that has them. */
const managers = (companyId: number) => rooms.audience(companyId, 'contactLists:manage');

export const contactListAudience: AudienceSource = async (actor: RequestActor) =>
  can(actor, 'campaigns:manage') && (actor.super || actor.company.plan.useCampaigns)
    ? [managers(actor.companyId)]
    : [];

export function publishContactList(deps: Live, companyId: number, event: ContactListEvent) {
  deps.realtime.toRoom(managers(companyId), events.contactList(companyId), event);
}

export function publishContactListItem(deps: Live, companyId: number, event: ContactListItemEvent) {
  deps.realtime.toRoom(managers(companyId), events.contactListItem(companyId), event);
}
