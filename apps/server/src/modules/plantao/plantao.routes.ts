import {
  idParam,
  listPlantaoQuery,
  listPlantaoResponse,
  plantaoSchema,
  savePlantaoBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { createPlantao, deletePlantao, listPlantoes, showPlantao, updatePlantao } from './plantao.service.js';

/** On-duty records (spec 001 §7 Plantao); the alert engine in inbox/plantao.ts reads them. */
export const plantaoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { gate: 'plantao:manage' } as const;

    app.get(
      '/plantao',
      { config, schema: { querystring: listPlantaoQuery, response: { 200: listPlantaoResponse } } },
      (request) => listPlantoes(contextOf(deps, request), request.query.pageNumber),
    );

    app.get(
      '/plantao/:id',
      { config, schema: { params: idParam, response: { 200: plantaoSchema } } },
      (request) => showPlantao(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/plantao',
      { config, schema: { body: savePlantaoBody, response: { 201: plantaoSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createPlantao(contextOf(deps, request), request.body)),
    );

    app.put(
      '/plantao/:id',
      { config, schema: { params: idParam, body: savePlantaoBody, response: { 200: plantaoSchema } } },
      (request) => updatePlantao(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete('/plantao/:id', { config, schema: { params: idParam } }, async (request, reply) => {
      await deletePlantao(contextOf(deps, request), request.params.id);
      return reply.status(204).send();
    });
  };
