import { connectionsListResponse, facebookLoginBody } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import type { GraphClient } from '../graph/graph.client.js';
import { connectFacebookPages } from './facebook-login.js';

export const facebookLoginRoutes =
  (deps: AppDeps, graph: GraphClient): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/facebook',
      {
        config: { gate: 'connections:manage' },
        schema: { body: facebookLoginBody, response: { 200: connectionsListResponse } },
      },
      (request) => connectFacebookPages(contextOf(deps, request), graph, request.body),
    );
  };
