import { type Setting, type SettingKey, settingSchema, settingsListResponse } from '@balcao/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';

const settingsKeys = { all: ['settings'] as const };

export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: () => request('/settings', { schema: settingsListResponse }),
  });
}

/** Replaces one setting in the cached list; a key the list does not show stays out. */
export function storeSetting(queryClient: QueryClient, setting: Setting) {
  queryClient.setQueryData<Setting[]>(settingsKeys.all, (list) =>
    list?.map((s) => (s.key === setting.key ? setting : s)),
  );
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: string }) =>
      request(`/settings/${key}`, { method: 'PUT', body: { value }, schema: settingSchema }),
    onSuccess: (setting) => storeSetting(queryClient, setting),
  });
}
