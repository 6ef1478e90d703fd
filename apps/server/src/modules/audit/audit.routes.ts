import { AUDIT_FILE_NAME, auditExportQuery, auditListQuery, auditListResponse } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { exportAudit } from './audit.export.js';
import { listAudit } from './audit.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The company's audit log: read and exported by its admins, never changed (no PUT or DELETE). */
export const auditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit-log',
      {
        config: { gate: 'audit:view' },
        schema: { querystring: auditListQuery, response: { 200: auditListResponse } },
      },
      (request) => listAudit(contextOf(deps, request), request.query),
    );

    app.get(
      '/audit-log/export',
      { config: { gate: 'audit:view' }, schema: { querystring: auditExportQuery } },
      (request, reply) =>
        reply
          .type(XLSX)
          .header('content-disposition', `attachment; filename="${AUDIT_FILE_NAME}"`)
          .send(exportAudit(contextOf(deps, request), request.query)),
    );
  };
