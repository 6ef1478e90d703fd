import { invoicesResponse, pixChargeResponse, type SubscriptionBody } from '@balcao/shared';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { financeiroKeys } from './financeiro.keys';

/** The company's invoices, newest due date first, a page at a time (spec 001 §7: GET /invoices/all). */
export function useInvoices() {
  return useInfiniteQuery({
    queryKey: financeiroKeys.list(),
    queryFn: ({ pageParam }) =>
      request('/invoices/all', { query: { pageNumber: pageParam }, schema: invoicesResponse }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** POST /subscription: the Pix charge of an invoice (the same one again while it can be paid). */
export function useSubscribe() {
  return useMutation({
    mutationFn: (body: SubscriptionBody) =>
      request('/subscription', { method: 'POST', body, schema: pixChargeResponse }),
  });
}
