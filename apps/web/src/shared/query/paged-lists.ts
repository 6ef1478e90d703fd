import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

type Page<F extends string, T> = { [K in F]: T[] } & { hasMore: boolean; count: number };
export type Pages<F extends string, T> = InfiniteData<Page<F, T>, unknown>;

/**
 * Cache writes for a paged, searchable list whose pages hold their rows under `field`
 * (`{ tags, hasMore, count }`), so one socket event updates every loaded list without a refetch.
 * List keys are `[...listsKey, search]`.
 */
export function pagedLists<F extends string, T extends { id: number }>(field: F, listsKey: QueryKey) {
  const rowsOf = (page: Page<F, T>): T[] => page[field];
  const withRows = (page: Page<F, T>, rows: T[], count = page.count): Page<F, T> => ({
    ...page,
    [field]: rows,
    count,
  });

  /** Replaces the row where it is listed; otherwise puts it first when `insertIfMissing`. */
  function withUpserted(data: Pages<F, T>, row: T, insertIfMissing: boolean): Pages<F, T> {
    if (data.pages.some((page) => rowsOf(page).some((r) => r.id === row.id))) {
      return {
        ...data,
        pages: data.pages.map((page) =>
          withRows(
            page,
            rowsOf(page).map((r) => (r.id === row.id ? row : r)),
          ),
        ),
      };
    }
    if (!insertIfMissing || data.pages.length === 0) return data;
    return {
      ...data,
      pages: data.pages.map((page, index) =>
        index === 0 ? withRows(page, [row, ...rowsOf(page)], page.count + 1) : page,
      ),
    };
  }

  function withRemoved(data: Pages<F, T>, id: number): Pages<F, T> {
    if (!data.pages.some((page) => rowsOf(page).some((r) => r.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        withRows(
          page,
          rowsOf(page).filter((r) => r.id !== id),
          Math.max(0, page.count - 1),
        ),
      ),
    };
  }

  /** The rows of all loaded pages, once each: a row shown first after a create may come back in a later page. */
  function flatten(data: Pages<F, T> | undefined): T[] {
    const seen = new Set<number>();
    const rows: T[] = [];
    for (const page of data?.pages ?? []) {
      for (const row of rowsOf(page)) if (!seen.has(row.id)) rows.push(row);
      for (const row of rowsOf(page)) seen.add(row.id);
    }
    return rows;
  }

  const searchOf = (key: QueryKey) => String(key[listsKey.length] ?? '');

  /** Whether a new row matches a search is the server's call: filtered lists are only marked stale. */
  function upsert(queryClient: QueryClient, row: T) {
    for (const [key, data] of queryClient.getQueriesData<Pages<F, T>>({ queryKey: listsKey })) {
      if (!data) continue;
      const unfiltered = searchOf(key) === '';
      const next = withUpserted(data, row, unfiltered);
      if (next !== data) queryClient.setQueryData(key, next);
      else if (!unfiltered)
        void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    }
  }

  function remove(queryClient: QueryClient, id: number) {
    for (const [key, data] of queryClient.getQueriesData<Pages<F, T>>({ queryKey: listsKey })) {
      if (data) queryClient.setQueryData(key, withRemoved(data, id));
    }
  }

  return { withUpserted, withRemoved, flatten, upsert, remove };
}
