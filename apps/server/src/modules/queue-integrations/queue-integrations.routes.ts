import {
  createIntegrationBody,
  idParam,
  integrationSchema,
  listIntegrationsQuery,
  listIntegrationsResponse,
  testSessionBody,
  testSessionResponse,
  updateIntegrationBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import {
  createIntegration,
  deleteIntegration,
  listIntegrations,
  showIntegration,
  updateIntegration,
} from './queue-integrations.service.js';
import { testDialogflowSession } from './queue-integrations.test-session.js';

const gate = { plan: 'useIntegrations', gate: 'integrations:manage' } as const;

export const queueIntegrationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/queueIntegration',
      {
        config: { gate },
        schema: { querystring: listIntegrationsQuery, response: { 200: listIntegrationsResponse } },
      },
      (request) => listIntegrations(contextOf(deps, request), request.query),
    );

    app.get(
      '/queueIntegration/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: integrationSchema } } },
      (request) => showIntegration(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/queueIntegration',
      { config: { gate }, schema: { body: createIntegrationBody, response: { 201: integrationSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createIntegration(contextOf(deps, request), request.body)),
    );

    app.put(
      '/queueIntegration/:id',
      {
        config: { gate },
        schema: { params: idParam, body: updateIntegrationBody, response: { 200: integrationSchema } },
      },
      (request) => updateIntegration(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/queueIntegration/:id',
      { config: { gate }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteIntegration(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/queueIntegration/testSession',
      { config: { gate }, schema: { body: testSessionBody, response: { 200: testSessionResponse } } },
      (request) => testDialogflowSession(contextOf(deps, request), request.body),
    );
  };
