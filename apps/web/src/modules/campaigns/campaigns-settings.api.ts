import {
  type CampaignSettings,
  campaignSettingDefaults,
  campaignSettingsResponse,
  campaignSettingsSchema,
} from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { campaignsKeys } from './campaigns.keys';

type Pairs = { key: string; value: string }[];

/** Spec 001 §3: the server keeps key/value pairs with JSON-encoded values; the page works on one object. */
export function decodeSettings(pairs: Pairs): CampaignSettings {
  const decoded: Record<string, unknown> = { ...campaignSettingDefaults, variables: [] };
  for (const { key, value } of pairs) {
    try {
      decoded[key] = JSON.parse(value);
    } catch {
      // A value that is not JSON keeps the default; the server never writes one.
    }
  }
  return campaignSettingsSchema.parse(decoded);
}

export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignsKeys.settings(),
    queryFn: () => request('/campaign-settings', { schema: campaignSettingsResponse }),
    select: decodeSettings,
  });
}

export function useSaveCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<CampaignSettings>) =>
      request('/campaign-settings', { method: 'POST', body: { settings }, schema: campaignSettingsResponse }),
    onSuccess: (pairs) => queryClient.setQueryData(campaignsKeys.settings(), pairs),
  });
}
