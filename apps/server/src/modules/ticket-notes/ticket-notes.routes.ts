import {
  createTicketNoteBody,
  idParam,
  listTicketNotesQuery,
  listTicketNotesResponse,
  ticketNoteSchema,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { createTicketNote, deleteTicketNote, listTicketNotes } from './ticket-notes.service.js';

export const ticketNotesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ticket-notes/list',
      {
        config: { gate: 'session' },
        schema: { querystring: listTicketNotesQuery, response: { 200: listTicketNotesResponse } },
      },
      (request) => listTicketNotes(contextOf(deps, request), request.query),
    );

    app.post(
      '/ticket-notes',
      {
        config: { gate: 'session' },
        schema: { body: createTicketNoteBody, response: { 201: ticketNoteSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await createTicketNote(contextOf(deps, request), request.body)),
    );

    app.delete(
      '/ticket-notes/:id',
      { config: { gate: 'session' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteTicketNote(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
