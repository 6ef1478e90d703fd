import {
  isErrorBody,
  type Language,
  listContactsResponse,
  REPORT_FILE_NAME,
  REPORT_TOTAL_ROWS_HEADER,
  reportResponse,
} from '@balcao/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, refreshSession, request } from '../../shared/api/http';
import { getToken } from '../../shared/session/session.store';
import { saveBlob } from '../contacts/contacts.api';
import { reportsKeys } from './reports.keys';

/** Minimum typed characters before contacts are suggested (spec 001 §2, §9). */
export const CONTACT_SEARCH_MIN = 3;

export function useReport(query: Record<string, string | undefined>, page: number, pageSize: number) {
  return useQuery({
    queryKey: reportsKeys.page(query, page, pageSize),
    queryFn: () =>
      request('/ticket/reports', { query: { ...query, page, pageSize }, schema: reportResponse }),
    // A new page or filter keeps the rows on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function useReportContacts(search: string) {
  return useQuery({
    queryKey: reportsKeys.contacts(search),
    queryFn: () => request('/contacts', { query: { searchParam: search }, schema: listContactsResponse }),
    enabled: search.length >= CONTACT_SEARCH_MIN,
    select: (data) => data.contacts,
  });
}

export interface ExportProgress {
  received: number;
  totalRows: number;
}

function exportUrl(query: Record<string, string | undefined>, language: Language) {
  const params = new URLSearchParams({ language });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `/ticket/reports/export?${params.toString()}`;
}

export async function fetchExport(url: string): Promise<Response> {
  const send = () => {
    const token = getToken();
    return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  };
  let response = await send();
  if (response.status === 403 && (await refusalCode(response.clone())) === 'ERR_TOKEN_EXPIRED') {
    if (await refreshSession()) response = await send();
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw isErrorBody(body)
      ? new ApiError(response.status, body.error, body.message)
      : new ApiError(response.status, undefined, response.statusText);
  }
  return response;
}

async function refusalCode(response: Response) {
  const body: unknown = await response.json().catch(() => null);
  return isErrorBody(body) ? body.error : undefined;
}

/**
 * Downloads the export as the server streams it, telling `onProgress` the bytes received and the
 * rows the server announced before the first byte; saved as relatorio-de-atendimentos.xlsx.
 */
export async function downloadReport(
  query: Record<string, string | undefined>,
  language: Language,
  onProgress: (progress: ExportProgress) => void,
): Promise<number> {
  const response = await fetchExport(exportUrl(query, language));
  const totalRows = Number(response.headers.get(REPORT_TOTAL_ROWS_HEADER) ?? 0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, totalRows });
  const reader = response.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    chunks.push(next.value);
    received += next.value.length;
    onProgress({ received, totalRows });
  }
  saveBlob(
    new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' }),
    REPORT_FILE_NAME,
  );
  return totalRows;
}
