import {
  allPlansResponse,
  type CompanyAdmin,
  type CreateCompanyBody,
  companyAdminSchema,
  listCompaniesResponse,
  type UpdateCompanyBody,
} from '@balcao/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { companiesKeys, companyLists } from './companies.cache';

export function useCompanyList(search: string) {
  return useInfiniteQuery({
    queryKey: companiesKeys.list(search),
    queryFn: ({ pageParam }) =>
      request('/companies', {
        query: { searchParam: search, pageNumber: pageParam },
        schema: listCompaniesResponse,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function usePlanChoices() {
  return useQuery({
    queryKey: companiesKeys.planChoices(),
    queryFn: () => request('/plans/list', { schema: allPlansResponse }),
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CreateCompanyBody | UpdateCompanyBody }) =>
      id
        ? request(`/companies/${id}`, { method: 'PUT', body, schema: companyAdminSchema })
        : request('/companies', { method: 'POST', body, schema: companyAdminSchema }),
    onSuccess: (company: CompanyAdmin) => companyLists.upsert(queryClient, company),
  });
}

/** One period more, as the server counts it (from the later of today and the due date). */
export function useRenewCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request(`/companies/${id}/renew`, { method: 'POST', schema: companyAdminSchema }),
    onSuccess: (company: CompanyAdmin) => companyLists.upsert(queryClient, company),
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(`/companies/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => companyLists.remove(queryClient, id),
  });
}
