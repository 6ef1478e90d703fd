import { fileListSchema, idParam, listFilesQuery, listFilesResponse, saveFileListBody } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import {
  createFileList,
  deleteFileList,
  listFileLists,
  showFileList,
  updateFileList,
} from './files.service.js';
import { uploadFileListOption } from './files.upload.js';

/** The spec names no plan flag for file lists: any admin keeps them, as with queues. */
const gate = 'integrations:manage' as const;

export const filesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/files',
      { config: { gate }, schema: { querystring: listFilesQuery, response: { 200: listFilesResponse } } },
      (request) => listFileLists(contextOf(deps, request), request.query),
    );

    app.get(
      '/files/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: fileListSchema } } },
      (request) => showFileList(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/files',
      { config: { gate }, schema: { body: saveFileListBody, response: { 201: fileListSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createFileList(contextOf(deps, request), request.body)),
    );

    app.put(
      '/files/:id',
      {
        config: { gate },
        schema: { params: idParam, body: saveFileListBody, response: { 200: fileListSchema } },
      },
      (request) => updateFileList(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete('/files/:id', { config: { gate }, schema: { params: idParam } }, async (request, reply) => {
      await deleteFileList(contextOf(deps, request), request.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/files/uploadList/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: fileListSchema } } },
      async (request) =>
        uploadFileListOption(contextOf(deps, request), request.params.id, await uploadedFile(request)),
    );
  };
