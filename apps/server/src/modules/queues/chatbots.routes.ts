import { chatbotOptionSchema, createChatbotBody, idParam, updateChatbotBody } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { createChatbot, deleteChatbot, showChatbot, updateChatbot } from './chatbots.service.js';

/** One option of a queue's chatbot menu, with its sub-options (spec 001 §7). */
export const chatbotsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/chatbot/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: chatbotOptionSchema } } },
      (request) => showChatbot(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/chatbot',
      {
        config: { gate: 'queues:manage' },
        schema: { body: createChatbotBody, response: { 201: chatbotOptionSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createChatbot(contextOf(deps, request), request.body)),
    );

    app.put(
      '/chatbot/:id',
      {
        config: { gate: 'queues:manage' },
        schema: { params: idParam, body: updateChatbotBody, response: { 200: chatbotOptionSchema } },
      },
      (request) => updateChatbot(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/chatbot/:id',
      { config: { gate: 'queues:manage' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteChatbot(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
