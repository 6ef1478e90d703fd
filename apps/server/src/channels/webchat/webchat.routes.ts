import { plainText, webchatInfoResponse } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findConnectionByToken } from '../../modules/connections/connections.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

/** What the widget shows before the visitor writes: the company's chat name and greeting. */
export const webchatRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/webchat/:token',
      {
        config: { gate: 'public' },
        schema: { params: z.object({ token: plainText(64) }), response: { 200: webchatInfoResponse } },
      },
      async (request) => {
        const connection = await findConnectionByToken(deps.db, request.params.token);
        if (connection?.channel !== 'webchat') throw new AppError('ERR_NO_WAPP_FOUND');
        return { name: connection.name, greetingMessage: connection.greetingMessage };
      },
    );
  };
