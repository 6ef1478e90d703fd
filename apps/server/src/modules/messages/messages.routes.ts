import {
  listMessagesQuery,
  listMessagesResponse,
  messageSchema,
  sendMessageBody,
  ticketIdParams,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { listMessages, sendMessage } from './messages.service.js';

export const messagesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/messages/:ticketId',
      {
        config: { gate: 'session' },
        schema: {
          params: ticketIdParams,
          querystring: listMessagesQuery,
          response: { 200: listMessagesResponse },
        },
      },
      (request) => listMessages(contextOf(deps, request), request.params.ticketId, request.query.pageNumber),
    );

    app.post(
      '/messages/:ticketId',
      {
        config: { gate: 'session' },
        schema: { params: ticketIdParams, body: sendMessageBody, response: { 201: messageSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendMessage(contextOf(deps, request), request.params.ticketId, request.body)),
    );
  };
