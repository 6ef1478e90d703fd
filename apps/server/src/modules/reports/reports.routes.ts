import {
  REPORT_FILE_NAME,
  REPORT_TOTAL_ROWS_HEADER,
  reportExportQuery,
  reportQuery,
  reportResponse,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { exportReport } from './reports.export.js';
import { listReport } from './reports.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The tickets report (spec 001 §2, §7): managers and users with showDashboard (docs/decisions.md). */
export const reportsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ticket/reports',
      {
        config: { gate: 'dashboard:view' },
        schema: { querystring: reportQuery, response: { 200: reportResponse } },
      },
      (request) => listReport(contextOf(deps, request), request.query),
    );

    app.get(
      '/ticket/reports/export',
      { config: { gate: 'dashboard:view' }, schema: { querystring: reportExportQuery } },
      async (request, reply) => {
        const { total, stream } = await exportReport(contextOf(deps, request), request.query);
        return reply
          .type(XLSX)
          .header('content-disposition', `attachment; filename="${REPORT_FILE_NAME}"`)
          .header(REPORT_TOTAL_ROWS_HEADER, String(total))
          .send(stream);
      },
    );
  };
