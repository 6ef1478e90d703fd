import type { CampaignReport } from '@balcao/shared';

/** Spec 001 §2: the bar is the delivered share of the valid contacts, 0 to 100. */
export function deliveredPercent(report: Pick<CampaignReport, 'delivered' | 'validContacts'>): number {
  if (report.validContacts <= 0) return 0;
  return Math.min(100, Math.round((report.delivered / report.validContacts) * 100));
}

/** Spec 001 §4: the report is read again 5 seconds after a live update showed the campaign finished. */
export const FINISHED_REFRESH_MS = 5000;
