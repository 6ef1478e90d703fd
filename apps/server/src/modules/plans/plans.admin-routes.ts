import {
  allPlansResponse,
  createPlanBody,
  idParam,
  listPlansQuery,
  listPlansResponse,
  planAdminSchema,
  updatePlanBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { createPlan, deletePlan, listPlans, showPlan, updatePlan } from './plans.admin.js';
import { allPlans } from './plans.admin-queries.js';

/**
 * Spec 001 §7 Plans, the super user's alone (001 §6; the replaced product let any signed-in user
 * change them). `/plans/listPublic`, for the sign-up page, is in plans.routes.ts.
 */
export const plansAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const gate = 'plans:manage' as const;
    app.get(
      '/plans',
      { config: { gate }, schema: { querystring: listPlansQuery, response: { 200: listPlansResponse } } },
      (request) => listPlans(contextOf(deps, request), request.query),
    );

    // Both names of the spec's client: every plan, for the company form's choice.
    const all = { config: { gate }, schema: { response: { 200: allPlansResponse } } };
    app.get('/plans/list', all, () => allPlans(deps.db));
    app.get('/plans/all', all, () => allPlans(deps.db));

    app.get(
      '/plans/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: planAdminSchema } } },
      (request) => showPlan(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/plans',
      { config: { gate }, schema: { body: createPlanBody, response: { 201: planAdminSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createPlan(contextOf(deps, request), request.body)),
    );

    app.put(
      '/plans/:id',
      {
        config: { gate },
        schema: { params: idParam, body: updatePlanBody, response: { 200: planAdminSchema } },
      },
      (request) => updatePlan(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete('/plans/:id', { config: { gate }, schema: { params: idParam } }, async (request, reply) => {
      await deletePlan(contextOf(deps, request), request.params.id);
      return reply.status(204).send();
    });
  };
