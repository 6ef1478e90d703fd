import type { ReportFilters, ReportQuery, ReportResponse } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { numbersHiddenFor } from '../contacts/contacts.masking.js';
import { reportPeriod } from './reports.period.js';
import { presentReportRow } from './reports.present.js';
import { countReportRows, type ReportScope, reportPage } from './reports.queries.js';

/** Every ticket cycle of the caller's company the filters choose; the gate decided who may ask. */
export async function reportScopeOf(ctx: Ctx, filters: ReportFilters): Promise<ReportScope> {
  return {
    companyId: ctx.companyId,
    ...reportPeriod(filters, ctx.actor.company.timezone, ctx.now()),
    filters,
    numbersHidden: await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId),
  };
}

export async function listReport(ctx: Ctx, query: ReportQuery): Promise<ReportResponse> {
  const { page, pageSize, ...filters } = query;
  const scope = await reportScopeOf(ctx, filters);
  const [rows, total] = await Promise.all([
    reportPage(ctx.db, scope, page, pageSize),
    countReportRows(ctx.db, scope),
  ]);
  return {
    tickets: rows.map((row) => presentReportRow(row, scope.numbersHidden)),
    totalTickets: { total },
  };
}
