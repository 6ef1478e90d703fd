import { AUDIT_FILE_NAME, type AuditFilters, auditListResponse, type Language } from '@balcao/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../shared/api/http';
import { saveBlob } from '../contacts/contacts.api';
import { fetchExport } from '../reports/reports.api';
import { auditKeys } from './audit.keys';

const queryOf = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.page(filters, page),
    queryFn: () => request('/audit-log', { query: { ...queryOf(filters), page }, schema: auditListResponse }),
    // A new page or filter keeps the rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** Downloads what the filters chose as registro-de-auditoria.xlsx, its header in the caller's language. */
export async function downloadAuditLog(filters: AuditFilters, language: Language) {
  const params = new URLSearchParams({ ...queryOf(filters), language });
  const response = await fetchExport(`/audit-log/export?${params.toString()}`);
  saveBlob(await response.blob(), AUDIT_FILE_NAME);
}
