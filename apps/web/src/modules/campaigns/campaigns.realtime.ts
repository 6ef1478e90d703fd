import { campaignEvent, events } from '@balcao/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../shared/session/session-user';
import { useSocketEvent } from '../../shared/socket/socket';
import { storeCampaign } from './campaigns.api';
import { campaignLists, campaignsKeys } from './campaigns.keys';

/** company-{id}-campaign into the cache: list rows, and each report as its sends go out. */
export function useCampaignsRealtime() {
  const me = useSessionUser();
  const queryClient = useQueryClient();

  useSocketEvent(events.campaign(me.companyId), campaignEvent, (payload) => {
    if (payload.action === 'delete') campaignLists.remove(queryClient, payload.id);
    else if (payload.action === 'progress') {
      queryClient.setQueryData(campaignsKeys.report(payload.report.campaign.id), payload.report);
      storeCampaign(queryClient, payload.report.campaign);
    } else storeCampaign(queryClient, payload.record);
  });
}
