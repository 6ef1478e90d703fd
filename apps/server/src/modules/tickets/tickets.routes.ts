import {
  closeAllTicketsBody,
  closeAllTicketsResponse,
  createTicketBody,
  idParam,
  listTicketsQuery,
  listTicketsResponse,
  ticketCountsQuery,
  ticketCountsResponse,
  ticketLogsResponse,
  ticketSchema,
  ticketUuidParams,
  updateTicketBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { fastSerializerCompiler } from '../../platform/fast-serializer.js';
import { asSeenBy, maskTicket } from '../contacts/contacts.masking.js';
import { closeAllTickets, deleteTicket } from './tickets.bulk.js';
import { countTickets, listTickets } from './tickets.list.js';
import { listTicketLogs } from './tickets.logs.js';
import { openTicket } from './tickets.open.js';
import { showTicket, updateTicket } from './tickets.service.js';

export const ticketsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tickets',
      {
        config: { gate: 'session' },
        serializerCompiler: fastSerializerCompiler,
        schema: { querystring: listTicketsQuery, response: { 200: listTicketsResponse } },
      },
      (request) => listTickets(contextOf(deps, request), request.query),
    );

    app.get(
      '/tickets/counts',
      {
        config: { gate: 'session' },
        serializerCompiler: fastSerializerCompiler,
        schema: { querystring: ticketCountsQuery, response: { 200: ticketCountsResponse } },
      },
      (request) => countTickets(contextOf(deps, request), request.query),
    );

    app.post(
      '/tickets',
      { config: { gate: 'session' }, schema: { body: createTicketBody, response: { 201: ticketSchema } } },
      async (request, reply) => {
        const ctx = contextOf(deps, request);
        return reply.status(201).send(await asSeenBy(ctx, await openTicket(ctx, request.body), maskTicket));
      },
    );

    app.get(
      '/tickets/u/:uuid',
      { config: { gate: 'session' }, schema: { params: ticketUuidParams, response: { 200: ticketSchema } } },
      async (request) => {
        const ctx = contextOf(deps, request);
        return asSeenBy(ctx, await showTicket(ctx, { uuid: request.params.uuid }), maskTicket);
      },
    );

    app.get(
      '/tickets/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: ticketSchema } } },
      async (request) => {
        const ctx = contextOf(deps, request);
        return asSeenBy(ctx, await showTicket(ctx, request.params.id), maskTicket);
      },
    );

    app.put(
      '/tickets/:id',
      {
        config: { gate: 'session' },
        schema: { params: idParam, body: updateTicketBody, response: { 200: ticketSchema } },
      },
      async (request) => {
        const ctx = contextOf(deps, request);
        return asSeenBy(ctx, await updateTicket(ctx, request.params.id, request.body), maskTicket);
      },
    );

    app.delete(
      '/tickets/:id',
      { config: { gate: 'ticket-options:deleteTicket' }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteTicket(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/tickets/closeAll',
      {
        config: { gate: 'tickets:closeAll' },
        schema: { body: closeAllTicketsBody, response: { 200: closeAllTicketsResponse } },
      },
      (request) => closeAllTickets(contextOf(deps, request), request.body),
    );

    app.get(
      '/tickets-log/:id',
      { config: { gate: 'session' }, schema: { params: idParam, response: { 200: ticketLogsResponse } } },
      (request) => listTicketLogs(contextOf(deps, request), request.params.id),
    );
  };
