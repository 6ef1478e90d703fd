import { desc } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { companyId } from './companies.js';

/**
 * Who changed what in a company (issue 25 item 6). Rows are only ever inserted, and deleted by the
 * retention sweep: no route updates them. The actor is a plain id and a name taken at the time, so an
 * entry outlives the user it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    companyId: companyId(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** Secrets already replaced by a mark (modules/audit/audit.secrets.ts). */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_company_created_idx').on(t.companyId, desc(t.createdAt), desc(t.id)),
    index('audit_log_company_actor_created_idx').on(t.companyId, t.actorUserId, desc(t.createdAt)),
    index('audit_log_company_action_created_idx').on(t.companyId, t.action, desc(t.createdAt)),
    index('audit_log_company_entity_created_idx').on(t.companyId, t.entityType, desc(t.createdAt)),
    // The retention sweep crosses companies by age.
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
