import { type CompanySchedulesBody, companySchedulesResponse } from '@balcao/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';

const companyHoursKey = (companyId: number) => ['companySchedules', companyId] as const;

/** The company's service hours (spec 001 §7 `/companies/{id}/schedules`); `[]` when none were saved. */
export function useCompanyHours(companyId: number) {
  return useQuery({
    queryKey: companyHoursKey(companyId),
    queryFn: () => request(`/companies/${companyId}/schedules`, { schema: companySchedulesResponse }),
  });
}

export function useSaveCompanyHours(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySchedulesBody) =>
      request(`/companies/${companyId}/schedules`, { method: 'PUT', body, schema: companySchedulesResponse }),
    onSuccess: (saved) => queryClient.setQueryData(companyHoursKey(companyId), saved),
  });
}
