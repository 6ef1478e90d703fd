import { type Campaign, type CampaignEvent, can, events } from '@balcao/shared';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { rooms } from '../../platform/realtime/rooms.js';
import { campaignReport } from './campaigns.report.js';

/** A campaign's report reaches those who may manage campaigns, at most this often while it runs. */
const PROGRESS_EVERY_MS = 1_000;

const managers = (companyId: number) => rooms.audience(companyId, 'campaigns:manage');

export const campaignManagersAudience = async (actor: RequestActor) =>
  can(actor, 'campaigns:manage') ? [managers(actor.companyId)] : [];

/**
 * The `progress` events of one process's dispatchers: the report is read and sent at most once a
 * second per campaign (its last figures always, with `final`), never once per send.
 */
export function createProgress(deps: AppDeps) {
  const lastSent = new Map<number, number>();
  return async (campaign: { companyId: number; id: number }, final = false) => {
    const now = Date.now();
    if (!final && now - (lastSent.get(campaign.id) ?? 0) < PROGRESS_EVERY_MS) return;
    lastSent.set(campaign.id, now);
    if (final) lastSent.delete(campaign.id);
    try {
      const report = await campaignReport(deps, campaign.companyId, campaign.id);
      const event: CampaignEvent = { action: 'progress', report };
      deps.realtime.toRoom(managers(campaign.companyId), events.campaign(campaign.companyId), event);
    } catch (error) {
      deps.log.warn(loggableError(error), 'campaign progress not published');
    }
  };
}

/** A campaign's status changed by a cancel or a restart. */
export function publishCampaignUpdate(deps: Pick<AppDeps, 'realtime'>, companyId: number, record: Campaign) {
  const event: CampaignEvent = { action: 'update', record };
  deps.realtime.toRoom(managers(companyId), events.campaign(companyId), event);
}
