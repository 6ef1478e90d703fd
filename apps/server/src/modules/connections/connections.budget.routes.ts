import { idParam, sendBudgetSchema } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { readSendBudget } from './connections.budget.js';

export const connectionBudgetRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/whatsapp/:id/budget',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: sendBudgetSchema } } },
      (request) => readSendBudget(contextOf(deps, request), request.params.id),
    );
  };
