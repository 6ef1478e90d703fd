import {
  createPromptBody,
  idParam,
  listPromptsQuery,
  listPromptsResponse,
  promptSchema,
  updatePromptBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from './prompts.service.js';

/** Spec 001 §6: prompts require the plan's AI assistant (useOpenAi). */
const gate = { plan: 'useOpenAi', gate: 'integrations:manage' } as const;

export const promptsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/prompt',
      { config: { gate }, schema: { querystring: listPromptsQuery, response: { 200: listPromptsResponse } } },
      (request) => listPrompts(contextOf(deps, request), request.query),
    );

    app.get(
      '/prompt/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: promptSchema } } },
      (request) => showPrompt(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/prompt',
      { config: { gate }, schema: { body: createPromptBody, response: { 201: promptSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createPrompt(contextOf(deps, request), request.body)),
    );

    app.put(
      '/prompt/:id',
      {
        config: { gate },
        schema: { params: idParam, body: updatePromptBody, response: { 200: promptSchema } },
      },
      (request) => updatePrompt(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete('/prompt/:id', { config: { gate }, schema: { params: idParam } }, async (request, reply) => {
      await deletePrompt(contextOf(deps, request), request.params.id);
      return reply.status(204).send();
    });
  };
