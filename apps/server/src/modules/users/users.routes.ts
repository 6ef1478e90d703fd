import {
  createUserBody,
  idParam,
  listUsersQuery,
  listUsersResponse,
  updateUserBody,
  userOptionsQuery,
  userOptionsResponse,
  userSchema,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { uploadAvatar } from './users.avatar.js';
import { createUser, deleteUser, listUserOptions, listUsers, showUser, updateUser } from './users.service.js';

export const usersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users',
      {
        config: { gate: 'users:manage' },
        schema: { querystring: listUsersQuery, response: { 200: listUsersResponse } },
      },
      (request) => listUsers(contextOf(deps, request), request.query),
    );

    app.get(
      '/users/list',
      {
        config: { gate: 'session' },
        schema: { querystring: userOptionsQuery, response: { 200: userOptionsResponse } },
      },
      (request) => listUserOptions(contextOf(deps, request), request.query),
    );

    app.get(
      '/users/:id',
      {
        config: { gate: { selfOr: 'users:manage' } },
        schema: { params: idParam, response: { 200: userSchema } },
      },
      (request) => showUser(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/users',
      { config: { gate: 'users:manage' }, schema: { body: createUserBody, response: { 201: userSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createUser(contextOf(deps, request), request.body)),
    );

    app.put(
      '/users/:id',
      {
        config: { gate: { selfOr: 'users:manage' } },
        schema: { params: idParam, body: updateUserBody, response: { 200: userSchema } },
      },
      (request) => updateUser(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/users/:id',
      { config: { gate: 'users:manage' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteUser(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/users/:id/media-upload',
      {
        config: { gate: { selfOr: 'users:manage' } },
        schema: { params: idParam, response: { 200: userSchema } },
      },
      async (request) =>
        uploadAvatar(contextOf(deps, request), request.params.id, await uploadedFile(request)),
    );
  };
