import { companyPlanResponse, companySchedulesBody, companySchedulesResponse, idParam } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { targetCompanyId } from '../../platform/permissions.js';
import { findCompanyWithPlan } from './companies.queries.js';
import { showCompanySchedules, updateCompanySchedules } from './companies.schedules.js';

export const companiesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/companies/listPlan/:id',
      {
        config: { gate: 'session', allowExpired: true },
        schema: { params: idParam, response: { 200: companyPlanResponse } },
      },
      async (request) => {
        const company = await findCompanyWithPlan(deps.db, targetCompanyId(request.actor, request.params.id));
        if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
        return company;
      },
    );

    app.get(
      '/companies/:id/schedules',
      {
        config: { gate: 'settings:manage' },
        schema: { params: idParam, response: { 200: companySchedulesResponse } },
      },
      (request) => showCompanySchedules(contextOf(deps, request), request.params.id),
    );

    app.put(
      '/companies/:id/schedules',
      {
        config: { gate: 'settings:manage' },
        schema: { params: idParam, body: companySchedulesBody, response: { 200: companySchedulesResponse } },
      },
      (request) => updateCompanySchedules(contextOf(deps, request), request.params.id, request.body),
    );
  };
