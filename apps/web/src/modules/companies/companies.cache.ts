import type { CompanyAdmin } from '@balcao/shared';
import { pagedLists } from '../../shared/query/paged-lists';

export const companiesKeys = {
  all: ['companies'] as const,
  lists: () => [...companiesKeys.all, 'list'] as const,
  list: (search: string) => [...companiesKeys.lists(), search] as const,
  /** Every plan, for the company form's choice. */
  planChoices: () => [...companiesKeys.all, 'plan-choices'] as const,
};

export const companyLists = pagedLists<'companies', CompanyAdmin>('companies', companiesKeys.lists());
