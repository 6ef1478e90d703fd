import type { DashboardQuery } from '@balcao/shared';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (query: DashboardQuery) => [...dashboardKeys.all, 'figures', query] as const,
  moments: () => [...dashboardKeys.all, 'moments'] as const,
};
