import {
  createHelpBody,
  helpSchema,
  helpsListResponse,
  idParam,
  listHelpsQuery,
  listHelpsResponse,
  updateHelpBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { createHelp, deleteHelp, listAllHelps, listHelps, showHelp, updateHelp } from './helps.service.js';

/** Spec 001 §2, §6, §7: every user watches the help videos; only the super user manages them. */
export const helpsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const manage = { gate: 'helps:manage' } as const;

    app.get(
      '/helps',
      {
        config: { gate: 'session' },
        schema: { querystring: listHelpsQuery, response: { 200: listHelpsResponse } },
      },
      (request) => listHelps(deps.db, request.query),
    );

    app.get(
      '/helps/list',
      { config: { gate: 'session' }, schema: { response: { 200: helpsListResponse } } },
      () => listAllHelps(deps.db),
    );

    app.get(
      '/helps/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: helpSchema } } },
      (request) => showHelp(deps.db, request.params.id),
    );

    app.post(
      '/helps',
      { config: manage, schema: { body: createHelpBody, response: { 201: helpSchema } } },
      async (request, reply) => reply.status(201).send(await createHelp(deps, request.body)),
    );

    app.put(
      '/helps/:id',
      { config: manage, schema: { params: idParam, body: updateHelpBody, response: { 200: helpSchema } } },
      (request) => updateHelp(deps, request.params.id, request.body),
    );

    app.delete('/helps/:id', { config: manage, schema: { params: idParam } }, async (request, reply) => {
      await deleteHelp(deps, request.params.id);
      return reply.status(204).send();
    });
  };
