import { type CampaignEvent, can, events } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import type { AudienceSource } from '../../platform/realtime/audience.js';
import { rooms } from '../../platform/realtime/rooms.js';

/** Campaigns are run by the company's admins only (campaigns:manage), so only they hear of them. */
const campaignManagers = (companyId: number) => rooms.audience(companyId, 'campaigns:manage');

export const campaignManagersAudience: AudienceSource = async (actor: RequestActor) =>
  can(actor, 'campaigns:manage') ? [campaignManagers(actor.companyId)] : [];

export function publishCampaign(deps: Pick<AppDeps, 'realtime'>, companyId: number, event: CampaignEvent) {
  deps.realtime.toRoom(campaignManagers(companyId), events.campaign(companyId), event);
}
