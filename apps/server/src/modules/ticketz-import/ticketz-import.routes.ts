import {
  idParam,
  startTicketzImportBody,
  ticketzImportSchema,
  ticketzImportsResponse,
  ticketzProbeBody,
  ticketzProbeResponse,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import {
  listTicketzImports,
  probeTicketzDatabase,
  showTicketzImport,
  startTicketzImport,
} from './ticketz-import.service.js';

/** Ours (issue 26): importing a Ticketz company from the super user's companies screen. */
export const ticketzImportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const gate = 'companies:manage' as const;
    app.get(
      '/ticketz-imports',
      { config: { gate }, schema: { response: { 200: ticketzImportsResponse } } },
      (request) => listTicketzImports(contextOf(deps, request)),
    );
    app.get(
      '/ticketz-imports/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: ticketzImportSchema } } },
      (request) => showTicketzImport(contextOf(deps, request), request.params.id),
    );
    app.post(
      '/ticketz-imports/probe',
      { config: { gate }, schema: { body: ticketzProbeBody, response: { 200: ticketzProbeResponse } } },
      (request) => probeTicketzDatabase(contextOf(deps, request), request.body),
    );
    app.post(
      '/ticketz-imports',
      { config: { gate }, schema: { body: startTicketzImportBody, response: { 201: ticketzImportSchema } } },
      async (request, reply) =>
        reply.status(201).send(await startTicketzImport(contextOf(deps, request), request.body)),
    );
  };
