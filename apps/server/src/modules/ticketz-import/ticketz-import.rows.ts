import type { TicketzImport } from '@balcao/shared';
import type { ticketzImports } from '../../db/schema/index.js';

type Row = typeof ticketzImports.$inferSelect;

/** The one exit of an import: the sealed address and the lease never leave the server. */
export function toTicketzImport(row: Row): TicketzImport {
  return {
    id: row.id,
    source: row.sourceLabel,
    sourceCompanyId: row.sourceCompanyId,
    status: row.status,
    step: row.step,
    stepRead: row.stepRead,
    stepExpected: row.stepExpected,
    stepsDone: row.stepsDone,
    tables: row.tables,
    notes: row.notes,
    targetCompanyId: row.targetCompanyId,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
