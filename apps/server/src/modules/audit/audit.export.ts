import { AUDIT_SHEET_NAME, type AuditExportQuery, auditSheetHeader, auditSheetRow } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { xlsxStream } from '../../platform/sheets/xlsx-stream.js';
import { auditBatch, auditWhere, toAuditEntry } from './audit.queries.js';

const BATCH = 1000;

/**
 * registro-de-auditoria.xlsx: every entry the filters choose, newest first, read a batch at a time
 * by keyset so a long log never sits whole in memory; times on the company's clock.
 */
export function exportAudit(ctx: Ctx, query: AuditExportQuery) {
  const { language, ...filters } = query;
  const timeZone = ctx.actor.company.timezone;
  const where = auditWhere(ctx.companyId, filters, timeZone);
  async function* cells() {
    let cursor: { createdAt: Date; id: number } | undefined;
    for (;;) {
      const rows = await auditBatch(ctx.db, where, cursor, BATCH);
      if (rows.length === 0) return;
      yield rows.map((row) => auditSheetRow(toAuditEntry(row), timeZone, language));
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1] as (typeof rows)[number];
      cursor = { createdAt: last.createdAt, id: last.id };
    }
  }
  return xlsxStream(AUDIT_SHEET_NAME, auditSheetHeader(language), cells());
}
