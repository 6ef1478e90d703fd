import { publicPlansResponse } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { listPublicPlans } from './plans.queries.js';

export const plansRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The sign-up page lists these before anyone is signed in.
    app.get(
      '/plans/listPublic',
      { config: { gate: 'public' }, schema: { response: { 200: publicPlansResponse } } },
      () => listPublicPlans(deps.db),
    );
  };
