import {
  contactIdParam,
  createTagBody,
  idParam,
  listTagsQuery,
  listTagsResponse,
  syncTagsBody,
  tagOptionsQuery,
  tagOptionsResponse,
  tagSchema,
  tagsOfResponse,
  ticketIdParams,
  ticketTagParams,
  updateTagBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { addTicketTag, removeTicketLanes } from './tags.lanes.js';
import { createTag, deleteTag, listTagOptions, listTags, showTag, updateTag } from './tags.service.js';
import { listContactTags, syncTags } from './tags.sync.js';

export const tagsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags',
      {
        config: { gate: 'session' },
        schema: { querystring: listTagsQuery, response: { 200: listTagsResponse } },
      },
      (request) => listTags(contextOf(deps, request), request.query),
    );

    app.get(
      '/tags/list',
      {
        config: { gate: 'session' },
        schema: { querystring: tagOptionsQuery, response: { 200: tagOptionsResponse } },
      },
      (request) => listTagOptions(contextOf(deps, request), request.query.kanban),
    );

    app.get(
      '/tags/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: tagSchema } } },
      (request) => showTag(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/tags',
      { config: { gate: 'session' }, schema: { body: createTagBody, response: { 201: tagSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createTag(contextOf(deps, request), request.body)),
    );

    app.put(
      '/tags/:id',
      {
        config: { gate: 'tags:manage' },
        schema: { params: idParam, body: updateTagBody, response: { 200: tagSchema } },
      },
      (request) => updateTag(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/tags/:id',
      { config: { gate: 'tags:manage' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteTag(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/tags/sync',
      { config: { gate: 'session' }, schema: { body: syncTagsBody, response: { 200: tagsOfResponse } } },
      (request) => syncTags(contextOf(deps, request), request.body),
    );

    // The Kanban's moves: the plan's Kanban, and a ticket the caller may see.
    app.put(
      '/ticket-tags/:ticketId/:tagId',
      {
        config: { gate: { plan: 'useKanban' } },
        schema: { params: ticketTagParams, response: { 200: tagsOfResponse } },
      },
      (request) => addTicketTag(contextOf(deps, request), request.params.ticketId, request.params.tagId),
    );

    app.delete(
      '/ticket-tags/:ticketId',
      {
        config: { gate: { plan: 'useKanban' } },
        schema: { params: ticketIdParams, response: { 200: tagsOfResponse } },
      },
      (request) => removeTicketLanes(contextOf(deps, request), request.params.ticketId),
    );

    app.get(
      '/contactTags/:contactId',
      {
        config: { gate: 'session' },
        schema: { params: contactIdParam, response: { 200: tagsOfResponse } },
      },
      (request) => listContactTags(contextOf(deps, request), request.params.contactId),
    );
  };
