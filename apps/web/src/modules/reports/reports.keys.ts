export const reportsKeys = {
  all: ['reports'] as const,
  page: (query: Record<string, string | undefined>, page: number, pageSize: number) =>
    ['reports', 'page', query, page, pageSize] as const,
  contacts: (search: string) => ['reports', 'contacts', search] as const,
};
