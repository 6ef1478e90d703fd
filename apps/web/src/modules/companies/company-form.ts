import { type CompanyAdmin, createCompanyBody, type Recurrence, updateCompanyBody } from '@balcao/shared';
import { z } from 'zod';

/** What the dialog edits: every field of the company, and the first admin's password on create. */
export interface CompanyFormInput {
  name: string;
  email: string;
  phone: string;
  document: string;
  password: string;
  planId: number | '';
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  numberAttendants: number | string;
  numberConections: number | string;
}

/** A new company's due date left blank is the server's trial; an edited one keeps its date. */
export const createCompanyForm = createCompanyBody.extend({
  dueDate: z.preprocess((v) => (v === '' ? undefined : v), createCompanyBody.shape.dueDate),
});
export const editCompanyForm = updateCompanyBody.required();

export const companyFormFieldNames = [
  'name',
  'email',
  'phone',
  'document',
  'password',
  'planId',
  'status',
  'dueDate',
  'recurrence',
  'numberAttendants',
  'numberConections',
] as const;

export function companyFormDefaults(company: CompanyAdmin | null): CompanyFormInput {
  return {
    name: company?.name ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
    document: company?.document ?? '',
    password: '',
    planId: company?.planId ?? '',
    status: company?.status ?? true,
    dueDate: company?.dueDate ?? '',
    recurrence: company?.recurrence ?? 'MENSAL',
    numberAttendants: company?.numberAttendants ?? 1,
    numberConections: company?.numberConections ?? 1,
  };
}
