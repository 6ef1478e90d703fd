import { Outlet } from 'react-router';
import { campaignPagesShown } from '../shared/session/local-flags';
import { NotFoundPage } from './not-found.page';

/** Without the local flag `cshow` the campaign pages do not exist: their addresses are not found. */
export function RequireCampaignPages() {
  return campaignPagesShown() ? <Outlet /> : <NotFoundPage />;
}
