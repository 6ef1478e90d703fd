import { type DashboardQuery, dashboardResponse, momentsResponse } from '@balcao/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { dashboardKeys } from './dashboard.keys';

/** The whole screen in one call; a new filter keeps the figures shown until its own arrive. */
export function useDashboard(query: DashboardQuery) {
  return useQuery({
    queryKey: dashboardKeys.figures(query),
    queryFn: () => request('/dashboard', { query, schema: dashboardResponse }),
    placeholderData: keepPreviousData,
  });
}

export function useMoments() {
  return useQuery({
    queryKey: dashboardKeys.moments(),
    queryFn: () => request('/dashboard/moments', { schema: momentsResponse }),
  });
}
