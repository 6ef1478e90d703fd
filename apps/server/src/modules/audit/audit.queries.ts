import { type AuditEntry, type AuditFilters, addDays, fromZonedInput } from '@balcao/shared';
import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

/** The entries the filters choose, of one company only; the days are the company's calendar days. */
export function auditWhere(companyId: number, filters: AuditFilters, timeZone: string): SQL {
  const { dateFrom, dateTo, actorUserId, action, entityType } = filters;
  return tenant(
    auditLog,
    companyId,
    dateFrom ? gte(auditLog.createdAt, fromZonedInput(`${dateFrom}T00:00`, timeZone)) : undefined,
    dateTo ? lt(auditLog.createdAt, fromZonedInput(`${addDays(dateTo, 1)}T00:00`, timeZone)) : undefined,
    actorUserId ? eq(auditLog.actorUserId, actorUserId) : undefined,
    action ? eq(auditLog.action, action) : undefined,
    entityType ? eq(auditLog.entityType, entityType) : undefined,
  );
}

type AuditRow = typeof auditLog.$inferSelect;

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actorUserId: row.actorUserId,
  actorName: row.actorName,
  action: row.action as AuditEntry['action'],
  entityType: row.entityType as AuditEntry['entityType'],
  entityId: row.entityId,
  changes: row.changes,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

/** Newest first; the id breaks ties between entries of one transaction. */
export async function auditPage(db: Db, where: SQL, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toAuditEntry);
}

export async function countAudit(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(where);
  return row?.total ?? 0;
}

/** The next batch after `cursor`, in the list's order, for the export. */
export async function auditBatch(
  db: Db,
  where: SQL,
  cursor: { createdAt: Date; id: number } | undefined,
  size: number,
) {
  const after = cursor ? sqlBefore(cursor) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(where, after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(size);
  return rows;
}

const sqlBefore = (cursor: { createdAt: Date; id: number }) =>
  or(
    lt(auditLog.createdAt, cursor.createdAt),
    and(eq(auditLog.createdAt, cursor.createdAt), lt(auditLog.id, cursor.id)),
  );
