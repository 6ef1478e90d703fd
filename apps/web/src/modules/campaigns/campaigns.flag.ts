import { can, planAllows, type SessionUser } from '@balcao/shared';

/**
 * Spec 001 §2: the campaign pages (and the contact lists') exist only while the browser holds this
 * local flag. Signing in sets it for who may run campaigns, as the replaced product's sign-in did
 * (docs/decisions.md); removing it from the browser hides the pages there.
 */
export const CAMPAIGNS_FLAG = 'cshow';

export function offerCampaignPages(user: SessionUser) {
  if (!can(user, 'campaigns:manage') || !planAllows(user.company.plan, 'useCampaigns')) return;
  try {
    if (localStorage.getItem(CAMPAIGNS_FLAG) === null) localStorage.setItem(CAMPAIGNS_FLAG, '1');
  } catch {
    // Storage refused (private mode): the pages stay hidden in this browser, as without the flag.
  }
}
