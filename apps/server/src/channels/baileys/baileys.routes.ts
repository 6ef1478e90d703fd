import {
  connectionHistoryQuery,
  connectionHistoryResponse,
  idParam,
  importChatsResponse,
  startSessionBody,
  whatsappSessionSchema,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { importChats } from './baileys.chats.js';
import {
  closeImported,
  connectionHistory,
  endSession,
  renewSession,
  restartSessions,
  showSession,
  startSession,
} from './baileys.service.js';
import type { WhatsappSessions } from './baileys.sessions.js';

const manage = { gate: 'connections:manage' } as const;

/** The WhatsApp session buttons of the connections page (spec 000 §4, §7). */
export const baileysRoutes =
  (deps: AppDeps, sessions: WhatsappSessions): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/whatsappsession/:id',
      {
        config: { gate: 'connections:view' },
        schema: { params: idParam, response: { 200: whatsappSessionSchema } },
      },
      (request) => showSession(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/whatsappsession/:id',
      { config: manage, schema: { params: idParam, body: startSessionBody } },
      async (request, reply) => {
        await startSession(contextOf(deps, request), sessions, request.params.id, request.body.pairingNumber);
        return reply.status(204).send();
      },
    );

    app.put(
      '/whatsappsession/:id',
      { config: manage, schema: { params: idParam } },
      async (request, reply) => {
        await renewSession(contextOf(deps, request), sessions, request.params.id);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/whatsappsession/:id',
      { config: manage, schema: { params: idParam } },
      async (request, reply) => {
        await endSession(contextOf(deps, request), sessions, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post('/whatsapp-restart/', { config: manage }, async (request, reply) => {
      await restartSessions(contextOf(deps, request), sessions);
      return reply.status(204).send();
    });

    app.post(
      '/closedimported/:id',
      { config: manage, schema: { params: idParam, response: { 200: z.object({ closed: z.number() }) } } },
      (request) => closeImported(contextOf(deps, request), request.params.id),
    );

    app.get(
      '/whatsapp/:id/history',
      {
        config: { gate: 'connections:view' },
        schema: {
          params: idParam,
          querystring: connectionHistoryQuery,
          response: { 200: connectionHistoryResponse },
        },
      },
      (request) => connectionHistory(contextOf(deps, request), request.params.id, request.query.pageNumber),
    );

    app.post(
      '/contacts/import/chats',
      { config: { gate: 'session' }, schema: { response: { 200: importChatsResponse } } },
      (request) => importChats(contextOf(deps, request)),
    );
  };
