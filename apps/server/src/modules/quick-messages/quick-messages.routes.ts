import {
  createQuickMessageBody,
  idParam,
  listQuickMessagesQuery,
  listQuickMessagesResponse,
  quickMessageOptionsResponse,
  quickMessageSchema,
  updateQuickMessageBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { removeQuickMessageMedia, uploadQuickMessageMedia } from './quick-messages.media.js';
import {
  createQuickMessage,
  deleteQuickMessage,
  listComposerQuickMessages,
  listQuickMessages,
  showQuickMessage,
  updateQuickMessage,
} from './quick-messages.service.js';

/** Every user keeps quick messages; who may see and change which is decided per row in the service. */
export const quickMessagesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/quick-messages',
      {
        config: { gate: 'session' },
        schema: { querystring: listQuickMessagesQuery, response: { 200: listQuickMessagesResponse } },
      },
      (request) => listQuickMessages(contextOf(deps, request), request.query),
    );

    app.get(
      '/quick-messages/list',
      { config: { gate: 'session' }, schema: { response: { 200: quickMessageOptionsResponse } } },
      (request) => listComposerQuickMessages(contextOf(deps, request)),
    );

    app.get(
      '/quick-messages/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: quickMessageSchema } } },
      (request) => showQuickMessage(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/quick-messages',
      {
        config: { gate: 'session' },
        schema: { body: createQuickMessageBody, response: { 201: quickMessageSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createQuickMessage(contextOf(deps, request), request.body)),
    );

    app.put(
      '/quick-messages/:id',
      {
        config: { gate: 'session' },
        schema: { params: idParam, body: updateQuickMessageBody, response: { 200: quickMessageSchema } },
      },
      (request) => updateQuickMessage(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/quick-messages/:id',
      { config: { gate: 'session' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteQuickMessage(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/quick-messages/:id/media-upload',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: quickMessageSchema } } },
      async (request) =>
        uploadQuickMessageMedia(contextOf(deps, request), request.params.id, await uploadedFile(request)),
    );

    app.delete(
      '/quick-messages/:id/media-upload',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: quickMessageSchema } } },
      (request) => removeQuickMessageMedia(contextOf(deps, request), request.params.id),
    );
  };
