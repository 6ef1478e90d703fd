import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { publishCampaign } from './campaigns.events.js';
import { campaignReport } from './campaigns.report.js';

/** A campaign's report reaches those who may manage campaigns, at most this often while it changes. */
const PROGRESS_EVERY_MS = 1_000;

/**
 * The `progress` events of one process: the report is read and sent at most once a second per
 * campaign (its last figures always, with `final`), never once per change. A change inside the second
 * after a report is sent when that second ends, so the last figures of a burst are never left out.
 */
export function createProgress(deps: AppDeps) {
  const lastSent = new Map<number, number>();
  const trailing = new Map<number, NodeJS.Timeout>();
  const publish = async (campaign: { companyId: number; id: number }) => {
    try {
      const report = await campaignReport(deps, campaign.companyId, campaign.id);
      publishCampaign(deps, campaign.companyId, { action: 'progress', report });
    } catch (error) {
      deps.log.warn(loggableError(error), 'campaign progress not published');
    }
  };
  return async (campaign: { companyId: number; id: number }, final = false) => {
    const now = Date.now();
    const wait = PROGRESS_EVERY_MS - (now - (lastSent.get(campaign.id) ?? 0));
    if (!final && wait > 0) {
      if (!trailing.has(campaign.id)) {
        const timer = setTimeout(() => {
          trailing.delete(campaign.id);
          lastSent.set(campaign.id, Date.now());
          void publish(campaign);
        }, wait);
        timer.unref();
        trailing.set(campaign.id, timer);
      }
      return;
    }
    clearTimeout(trailing.get(campaign.id));
    trailing.delete(campaign.id);
    if (final) lastSent.delete(campaign.id);
    else lastSent.set(campaign.id, now);
    await publish(campaign);
  };
}
