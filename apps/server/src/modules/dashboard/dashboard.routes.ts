import {
  dashboardQuery,
  dashboardResponse,
  finishedResponse,
  momentsResponse,
  npsInfoSchema,
  ticketsPerQueueSchema,
  ticketsPerUserSchema,
  ticketsTimelineSchema,
  userInfoResponse,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AppDeps, type Ctx, contextOf } from '../../platform/context.js';
import { listMoments } from './dashboard.moments.js';
import { dashboardParts, showDashboard } from './dashboard.service.js';

/** The dashboard is for admins, supervisors and users with showDashboard; Tempo Real for allowRealTime. */
export const dashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard',
      {
        config: { gate: 'dashboard:view' },
        schema: { querystring: dashboardQuery, response: { 200: dashboardResponse } },
      },
      (request) => showDashboard(contextOf(deps, request), request.query),
    );

    app.get(
      '/dashboard/moments',
      { config: { gate: 'moments:view' }, schema: { response: { 200: momentsResponse } } },
      (request) => listMoments(contextOf(deps, request)),
    );

    const part = (
      path: string,
      response: z.ZodType,
      answer: (ctx: Ctx, query: z.infer<typeof dashboardQuery>) => Promise<unknown>,
    ) =>
      app.get(
        path,
        {
          config: { gate: 'dashboard:view' },
          schema: { querystring: dashboardQuery, response: { 200: response } },
        },
        (request) => answer(contextOf(deps, request), request.query),
      );
    part('/dashboard/total-atendimentos', ticketsTimelineSchema, dashboardParts.totalAtendimentos);
    part('/dashboard/queues', ticketsPerQueueSchema, dashboardParts.queues);
    part('/dashboard/ticketsUsers', ticketsPerUserSchema, dashboardParts.ticketsUsers);
    part('/dashboard/user-info', userInfoResponse, dashboardParts.userInfo);
    part('/dashboard/nps-info', npsInfoSchema, dashboardParts.npsInfo);
    part('/dashboard/atendimentos-encerrados', finishedResponse, dashboardParts.atendimentosEncerrados);
  };
