import {
  connectionsListResponse,
  facebookConnectBody,
  facebookLoginBody,
  facebookPagesBody,
  facebookPagesResponse,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import type { GraphClient } from '../graph/graph.client.js';
import { connectFacebookPages } from './facebook-login.js';
import { connectChosenPages, listLoginPages } from './facebook-pages.js';

export const facebookLoginRoutes =
  (deps: AppDeps, graph: GraphClient): FastifyPluginAsyncZod =>
  async (app) => {
    /** Spec 000 §7: every page of the login at once (clients written against the spec). */
    app.post(
      '/facebook',
      {
        config: { gate: 'connections:manage' },
        schema: { body: facebookLoginBody, response: { 200: connectionsListResponse } },
      },
      (request) => connectFacebookPages(contextOf(deps, request), graph, request.body),
    );

    /** The connections page's "Continue with Facebook": list first, then connect what was chosen. */
    app.post(
      '/facebook/pages',
      {
        config: { gate: 'connections:manage' },
        schema: { body: facebookPagesBody, response: { 200: facebookPagesResponse } },
      },
      (request) => listLoginPages(contextOf(deps, request), graph, request.body),
    );

    app.post(
      '/facebook/connections',
      {
        config: { gate: 'connections:manage' },
        schema: { body: facebookConnectBody, response: { 200: connectionsListResponse } },
      },
      (request) => connectChosenPages(contextOf(deps, request), graph, request.body),
    );
  };
