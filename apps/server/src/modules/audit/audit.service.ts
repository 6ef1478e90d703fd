import { AUDIT_PAGE_SIZE, type AuditListQuery, type AuditListResponse } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { auditPage, auditWhere, countAudit } from './audit.queries.js';

/** One page of the caller's company's log, newest first. */
export async function listAudit(ctx: Ctx, query: AuditListQuery): Promise<AuditListResponse> {
  const { page, ...filters } = query;
  const where = auditWhere(ctx.companyId, filters, ctx.actor.company.timezone);
  const offset = (page - 1) * AUDIT_PAGE_SIZE;
  const [entries, count] = await Promise.all([
    auditPage(ctx.db, where, AUDIT_PAGE_SIZE, offset),
    countAudit(ctx.db, where),
  ]);
  return { entries, count, hasMore: offset + entries.length < count };
}
