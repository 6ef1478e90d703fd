import {
  connectionSchema,
  connectionsListResponse,
  idParam,
  saveConnectionBody,
  updateConnectionBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { setGreetingMedia } from './connections.media.js';
import {
  createConnection,
  deleteConnection,
  listConnections,
  showConnection,
  updateConnection,
} from './connections.service.js';

/** The spec calls every connection a "whatsapp", whatever its channel; the paths keep that name. */
export const connectionsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/whatsapp',
      { config: { gate: 'session' }, schema: { response: { 200: connectionsListResponse } } },
      (request) => listConnections(contextOf(deps, request)),
    );

    app.get(
      '/whatsapp/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: connectionSchema } } },
      (request) => showConnection(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/whatsapp',
      {
        config: { gate: 'connections:manage' },
        schema: { body: saveConnectionBody, response: { 201: connectionSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createConnection(contextOf(deps, request), request.body)),
    );

    app.put(
      '/whatsapp/:id',
      {
        config: { gate: 'connections:manage' },
        schema: { params: idParam, body: updateConnectionBody, response: { 200: connectionSchema } },
      },
      (request) => updateConnection(contextOf(deps, request), request.params.id, request.body),
    );

    app.post(
      '/whatsapp/:id/media-upload',
      {
        config: { gate: 'connections:manage' },
        schema: { params: idParam, response: { 200: connectionSchema } },
      },
      async (request) =>
        setGreetingMedia(contextOf(deps, request), request.params.id, await uploadedFile(request)),
    );

    app.delete(
      '/whatsapp/:id/media-upload',
      {
        config: { gate: 'connections:manage' },
        schema: { params: idParam, response: { 200: connectionSchema } },
      },
      (request) => setGreetingMedia(contextOf(deps, request), request.params.id, null),
    );

    app.delete(
      '/whatsapp/:id',
      { config: { gate: 'connections:manage' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteConnection(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
