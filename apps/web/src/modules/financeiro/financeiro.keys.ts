export const financeiroKeys = {
  all: ['invoices'] as const,
  list: () => [...financeiroKeys.all, 'list'] as const,
};
