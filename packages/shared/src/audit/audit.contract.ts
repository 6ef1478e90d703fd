import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { dbIdText } from '../validation.js';

/** What an audit entry records (issue 25 item 6); the web names each in every locale. */
export const auditActions = [
  'setting.update',
  'user.create',
  'user.update',
  'user.delete',
  'user.permissions',
  'connection.create',
  'connection.update',
  'connection.delete',
  'queue.create',
  'queue.update',
  'queue.delete',
  'plan.create',
  'plan.update',
  'plan.delete',
  'company.create',
  'company.update',
  'company.delete',
  'contacts.export',
  'ticket.delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntityTypes = [
  'setting',
  'user',
  'connection',
  'queue',
  'plan',
  'company',
  'contact',
  'ticket',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

/** What a secret's before and after are replaced with: only that it changed is ever stored. */
export const AUDIT_SECRET_MARK = '[changed]';

const auditEntrySchema = z.object({
  id: z.number(),
  actorUserId: z.number().nullable(),
  actorName: z.string(),
  action: z.enum(auditActions),
  entityType: z.enum(auditEntityTypes),
  entityId: z.string().nullable(),
  /** For an update, each changed field's [before, after]; for a create or delete, the record's fields. */
  changes: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE = 20;

/** Days of the company's calendar (YYYY-MM-DD), both inclusive. */
const auditFilters = {
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  actorUserId: dbIdText().optional(),
  action: z.enum(auditActions).optional(),
  entityType: z.enum(auditEntityTypes).optional(),
};

export const auditListQuery = z.object({
  ...auditFilters,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export type AuditFilters = Omit<AuditListQuery, 'page'>;

export const auditListResponse = z.object({
  entries: z.array(auditEntrySchema),
  count: z.number(),
  hasMore: z.boolean(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

export const auditExportQuery = z.object({ ...auditFilters, language: z.enum(LANGUAGES).default('pt-BR') });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

export const AUDIT_FILE_NAME = 'registro-de-auditoria.xlsx';
