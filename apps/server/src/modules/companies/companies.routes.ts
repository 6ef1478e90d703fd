import { companyPlanResponse, idParam } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { targetCompanyId } from '../../platform/permissions.js';
import { findCompanyWithPlan } from './companies.queries.js';

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
  };
