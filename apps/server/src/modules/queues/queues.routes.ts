import {
  createQueueBody,
  idParam,
  listQueuesQuery,
  listQueuesResponse,
  queueDetailSchema,
  queueSchema,
  updateQueueBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { createQueue, deleteQueue, listQueues, showQueue, updateQueue } from './queues.service.js';

export const queuesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every user reads the company's queues: pickers, ticket rows and the transfer dialog need them.
    app.get(
      '/queue',
      {
        config: { gate: 'session' },
        schema: { querystring: listQueuesQuery, response: { 200: listQueuesResponse } },
      },
      (request) => listQueues(contextOf(deps, request), request.query.companyId),
    );

    app.get(
      '/queue/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: queueDetailSchema } } },
      (request) => showQueue(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/queue',
      {
        config: { gate: 'queues:manage' },
        schema: { body: createQueueBody, response: { 201: queueSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createQueue(contextOf(deps, request), request.body)),
    );

    app.put(
      '/queue/:id',
      {
        config: { gate: 'queues:manage' },
        schema: { params: idParam, body: updateQueueBody, response: { 200: queueSchema } },
      },
      (request) => updateQueue(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/queue/:id',
      { config: { gate: 'queues:manage' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteQueue(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
