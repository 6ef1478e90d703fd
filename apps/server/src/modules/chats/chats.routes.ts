import {
  CHAT_MESSAGE_MAX,
  chatIdParam,
  chatMessageSchema,
  chatSchema,
  chatTicketLinksQuery,
  chatTicketLinksResponse,
  chatUuidParam,
  listChatMessagesQuery,
  listChatMessagesResponse,
  listChatsQuery,
  listChatsResponse,
  plainText,
  saveChatBody,
  sendChatMessageFields,
} from '@balcao/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { type MediaUpload, readMultipartBody } from '../external-api/external-api.uploads.js';
import { listChatMessages, sendChatMessage } from './chats.messages.js';
import {
  createChat,
  deleteChat,
  listChats,
  markChatRead,
  memberChat,
  showChat,
  updateChat,
} from './chats.service.js';
import { findTicketLinks } from './chats.ticket-links.js';

const gate = { plan: 'useInternalChat' } as const;

/** Files reach the body only through `readMultipartBody`: JSON cannot make one. */
const mediaUpload = z.custom<MediaUpload>((value) => Buffer.isBuffer((value as MediaUpload | null)?.bytes));

/** JSON `{ message }`, or the spec's multipart: `body` as the caption beside one file in `medias`. */
const sendRequest = sendChatMessageFields.extend({
  body: plainText(CHAT_MESSAGE_MAX).trim().optional(),
  medias: z.array(mediaUpload).max(1).default([]),
});

export const chatsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /** Only a member's upload is read: anyone else is refused before the file is buffered. */
    const memberOnly = async (request: FastifyRequest) => {
      const params = chatIdParam.safeParse(request.params);
      if (params.success) await memberChat(contextOf(deps, request), params.data.id);
    };

    app.get(
      '/chats',
      { config: { gate }, schema: { querystring: listChatsQuery, response: { 200: listChatsResponse } } },
      (request) => listChats(contextOf(deps, request), request.query),
    );

    app.get(
      '/chats/ticket-links',
      {
        config: { gate },
        schema: { querystring: chatTicketLinksQuery, response: { 200: chatTicketLinksResponse } },
      },
      (request) => findTicketLinks(contextOf(deps, request), request.query.ids),
    );

    app.get(
      '/chats/u/:uuid',
      { config: { gate }, schema: { params: chatUuidParam, response: { 200: chatSchema } } },
      (request) => showChat(contextOf(deps, request), request.params.uuid),
    );

    app.post(
      '/chats',
      { config: { gate }, schema: { body: saveChatBody, response: { 201: chatSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createChat(contextOf(deps, request), request.body)),
    );

    app.put(
      '/chats/:id',
      {
        config: { gate },
        schema: { params: chatIdParam, body: saveChatBody, response: { 200: chatSchema } },
      },
      (request) => updateChat(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/chats/:id',
      { config: { gate }, schema: { params: chatIdParam } },
      async (request, reply) => {
        await deleteChat(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/chats/:id/messages',
      {
        config: { gate },
        schema: {
          params: chatIdParam,
          querystring: listChatMessagesQuery,
          response: { 200: listChatMessagesResponse },
        },
      },
      (request) => listChatMessages(contextOf(deps, request), request.params.id, request.query.pageNumber),
    );

    app.post(
      '/chats/:id/messages',
      {
        config: { gate },
        preValidation: [memberOnly, readMultipartBody],
        schema: { params: chatIdParam, body: sendRequest, response: { 201: chatMessageSchema } },
      },
      async (request, reply) => {
        const { message, body, medias } = request.body;
        const sent = await sendChatMessage(contextOf(deps, request), request.params.id, {
          message: message || body || '',
          media: medias[0],
        });
        return reply.status(201).send(sent);
      },
    );

    app.post(
      '/chats/:id/read',
      { config: { gate }, schema: { params: chatIdParam, response: { 200: chatSchema } } },
      (request) => markChatRead(contextOf(deps, request), request.params.id),
    );
  };
