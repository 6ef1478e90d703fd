import { kanbanLanesResponse, kanbanTicketsQuery, kanbanTicketsResponse } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { listLanes, listLaneTickets } from './kanban.service.js';

/** The board (spec 001 §7): its lanes, and each lane's cards; both need the plan's Kanban. */
export const kanbanRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags/kanban',
      { config: { gate: { plan: 'useKanban' } }, schema: { response: { 200: kanbanLanesResponse } } },
      (request) => listLanes(contextOf(deps, request)),
    );

    app.get(
      '/ticket/kanban',
      {
        config: { gate: { plan: 'useKanban' } },
        schema: { querystring: kanbanTicketsQuery, response: { 200: kanbanTicketsResponse } },
      },
      (request) => listLaneTickets(contextOf(deps, request), request.query),
    );
  };
