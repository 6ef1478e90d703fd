import {
  type Language,
  REPORT_SHEET_NAME,
  type ReportFilters,
  reportSheetHeader,
  reportSheetRow,
} from '@balcao/shared';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { xlsxStream } from '../../platform/sheets/xlsx-stream.js';
import { presentReportRow } from './reports.present.js';
import { countReportRows, type ReportScope, reportBatch } from './reports.queries.js';
import { reportScopeOf } from './reports.service.js';

const BATCH = 1000;

/**
 * The report's rows after one another, read a batch at a time by keyset (the last row's time and
 * id), each shaped by the table's own presenter. A batch is read only when the one before was taken.
 */
export async function* reportBatches(db: Db, scope: ReportScope, size = BATCH) {
  let cursor: { createdAt: Date; cycleId: number } | undefined;
  for (;;) {
    const rows = await reportBatch(db, scope, cursor, size);
    if (rows.length === 0) return;
    yield rows.map((row) => presentReportRow(row, scope.numbersHidden));
    if (rows.length < size) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    cursor = { createdAt: last.createdAt, cycleId: last.cycleId };
  }
}

/**
 * relatorio-de-atendimentos.xlsx: the whole report the filters choose, dates on the company's clock,
 * in the caller's language. Answers how many rows it holds (counted first, so the browser can show
 * progress) and the workbook as a stream.
 */
export async function exportReport(ctx: Ctx, filters: ReportFilters & { language: Language }) {
  const { language, ...chosen } = filters;
  const scope = await reportScopeOf(ctx, chosen);
  const total = await countReportRows(ctx.db, scope);
  const timeZone = ctx.actor.company.timezone;
  async function* cells() {
    for await (const rows of reportBatches(ctx.db, scope))
      yield rows.map((row) => reportSheetRow(row, language, timeZone));
  }
  return { total, stream: xlsxStream(REPORT_SHEET_NAME, reportSheetHeader(language), cells()) };
}
