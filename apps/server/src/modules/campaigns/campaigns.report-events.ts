import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { publishCampaign } from './campaigns.events.js';
import { campaignReport } from './campaigns.report.js';

/** A campaign's report reaches those who may manage campaigns, at most this often while it runs. */
const PROGRESS_EVERY_MS = 1_000;

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
      publishCampaign(deps, campaign.companyId, { action: 'progress', report });
    } catch (error) {
      deps.log.warn(loggableError(error), 'campaign progress not published');
    }
  };
}
