import {
  type Campaign,
  type CampaignReport,
  type CreateCampaignBody,
  campaignReportSchema,
  campaignSchema,
  contactListOptionsResponse,
  listCampaignsResponse,
  listTemplatesResponse,
} from '@balcao/shared';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { campaignLists, campaignsKeys } from './campaigns.keys';

export function useCampaignList(search: string) {
  return useInfiniteQuery({
    queryKey: campaignsKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/campaigns', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listCampaignsResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** The record the dialog shows, kept current by the socket's updates (seeded from its table row). */
export function useCampaign(initial: Campaign | null) {
  return useQuery({
    queryKey: campaignsKeys.detail(initial?.id ?? 0),
    queryFn: () => request(`/campaigns/${initial?.id}`, { schema: campaignSchema }),
    initialData: initial ?? undefined,
    enabled: initial !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every list, one change: the table, the open dialog's record and the report's campaign. */
export function storeCampaign(queryClient: QueryClient, record: Campaign) {
  campaignLists.upsert(queryClient, record);
  queryClient.setQueryData(campaignsKeys.detail(record.id), record);
  queryClient.setQueryData<CampaignReport>(campaignsKeys.report(record.id), (report) =>
    report ? { ...report, campaign: record } : report,
  );
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateCampaignBody }) =>
      id
        ? request(`/campaigns/${id}`, { method: 'PUT', body, schema: campaignSchema })
        : request('/campaigns', { method: 'POST', body, schema: campaignSchema }),
    onSuccess: (record) => storeCampaign(queryClient, record),
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/campaigns/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => campaignLists.remove(queryClient, id),
  });
}

/**
 * Stop (EM_ANDAMENTO → CANCELADA) and restart (CANCELADA → EM_ANDAMENTO): the dispatcher's calls.
 * Their answer is not relied on; the campaign's update event brings the new status.
 */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'restart' }) =>
      request(`/campaigns/${id}/${action}`, { method: 'POST' }),
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: campaignsKeys.detail(id) }),
  });
}

/** Attaches (a file) or removes (null) the campaign's media; the answer is the saved campaign. */
export function useCampaignMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      const path = `/campaigns/${id}/media-upload`;
      if (!file) return request(path, { method: 'DELETE', schema: campaignSchema });
      const form = new FormData();
      form.append('file', file);
      return request(path, { method: 'POST', body: form, schema: campaignSchema });
    },
    onSuccess: (record) => storeCampaign(queryClient, record),
  });
}

export function useCampaignReport(id: number) {
  return useQuery({
    queryKey: campaignsKeys.report(id),
    queryFn: () => request(`/campaigns/${id}/report`, { schema: campaignReportSchema }),
  });
}

/** The lists a campaign may send to, for the dialog's picker. */
export function useContactListOptions() {
  return useQuery({
    queryKey: campaignsKeys.contactLists(),
    queryFn: () => request('/contact-lists/list', { schema: contactListOptionsResponse }),
  });
}

/** The approved templates every one of these Cloud API connections has, read from Meta when the picker shows. */
export function useCampaignTemplates(connectionIds: readonly number[]) {
  return useQuery({
    queryKey: campaignsKeys.templates(connectionIds),
    queryFn: () =>
      request('/campaigns/templates', {
        query: { connectionIds: connectionIds.join(',') },
        schema: listTemplatesResponse,
      }),
    enabled: connectionIds.length > 0,
  });
}
