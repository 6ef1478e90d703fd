import type { AuditFilters } from '@balcao/shared';

export const auditKeys = {
  all: ['audit'] as const,
  page: (filters: AuditFilters, page: number) => ['audit', 'page', filters, page] as const,
};
