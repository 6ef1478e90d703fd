import {
  editMessageBody,
  forwardMessagesBody,
  forwardMessagesResponse,
  listMessagesQuery,
  listMessagesResponse,
  listTemplatesResponse,
  messageIdParams,
  messageSchema,
  reactMessageBody,
  sendMessageBody,
  sendTemplateBody,
  ticketIdParams,
  ticketImagesResponse,
  ticketMediaResponse,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { fastSerializerCompiler } from '../../platform/fast-serializer.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { asSeenBy, maskMessage } from '../contacts/contacts.masking.js';
import { cancelMessage } from './messages.cancel.js';
import { deleteMessage, editMessage } from './messages.changes.js';
import { listTicketImages, listTicketMedia } from './messages.drawer.js';
import { forwardMessages } from './messages.forward.js';
import { sendMediaMessage } from './messages.media.js';
import { reactToMessage } from './messages.reactions.js';
import { listMessages, sendMessage } from './messages.service.js';
import { listTicketTemplates, sendTemplate } from './messages.templates.js';

export const messagesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/messages/:ticketId',
      {
        config: { gate: 'session' },
        serializerCompiler: fastSerializerCompiler,
        schema: {
          params: ticketIdParams,
          querystring: listMessagesQuery,
          response: { 200: listMessagesResponse },
        },
      },
      (request) => listMessages(contextOf(deps, request), request.params.ticketId, request.query),
    );

    app.post(
      '/messages/:ticketId',
      {
        config: { gate: 'session' },
        schema: { params: ticketIdParams, body: sendMessageBody, response: { 201: messageSchema } },
      },
      async (request, reply) => {
        const ctx = contextOf(deps, request);
        const message = await sendMessage(ctx, request.params.ticketId, request.body);
        return reply.status(201).send(await asSeenBy(ctx, message, maskMessage));
      },
    );

    // Multipart (fields first, then one file): the fields are checked by `sendMediaFields` in the service.
    app.post(
      '/messages/:ticketId/media',
      { config: { gate: 'session' }, schema: { params: ticketIdParams, response: { 201: messageSchema } } },
      async (request, reply) => {
        const ctx = contextOf(deps, request);
        const message = await sendMediaMessage(ctx, request.params.ticketId, await uploadedFile(request));
        return reply.status(201).send(await asSeenBy(ctx, message, maskMessage));
      },
    );

    app.get(
      '/messages/:ticketId/templates',
      {
        config: { gate: 'session' },
        schema: { params: ticketIdParams, response: { 200: listTemplatesResponse } },
      },
      (request) => listTicketTemplates(contextOf(deps, request), request.params.ticketId),
    );

    app.post(
      '/messages/:ticketId/template',
      {
        config: { gate: 'session' },
        schema: { params: ticketIdParams, body: sendTemplateBody, response: { 201: messageSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await sendTemplate(contextOf(deps, request), request.params.ticketId, request.body)),
    );

    app.get(
      '/messages/getmedia/:ticketId',
      {
        config: { gate: 'session' },
        schema: { params: ticketIdParams, response: { 200: ticketMediaResponse } },
      },
      (request) => listTicketMedia(contextOf(deps, request), request.params.ticketId),
    );

    app.get(
      '/messages/listimages/:ticketId',
      {
        config: { gate: 'session' },
        schema: { params: ticketIdParams, response: { 200: ticketImagesResponse } },
      },
      (request) => listTicketImages(contextOf(deps, request), request.params.ticketId),
    );

    app.post(
      '/messages/edit/:id',
      {
        config: { gate: 'session' },
        schema: { params: messageIdParams, body: editMessageBody, response: { 200: messageSchema } },
      },
      async (request) => {
        const ctx = contextOf(deps, request);
        return asSeenBy(ctx, await editMessage(ctx, request.params.id, request.body.body), maskMessage);
      },
    );

    app.delete(
      '/messages/:id',
      {
        config: { gate: 'session' },
        schema: { params: messageIdParams, response: { 200: messageSchema } },
      },
      async (request) => {
        const ctx = contextOf(deps, request);
        return asSeenBy(ctx, await deleteMessage(ctx, request.params.id), maskMessage);
      },
    );

    app.post(
      '/messages/:id/cancel',
      {
        config: { gate: 'session' },
        schema: { params: messageIdParams, response: { 200: messageSchema } },
      },
      async (request) => {
        const ctx = contextOf(deps, request);
        return asSeenBy(ctx, await cancelMessage(ctx, request.params.id), maskMessage);
      },
    );

    app.post(
      '/message/forward',
      {
        config: { gate: 'session' },
        schema: { body: forwardMessagesBody, response: { 201: forwardMessagesResponse } },
      },
      async (request, reply) =>
        reply.status(201).send(await forwardMessages(contextOf(deps, request), request.body)),
    );

    app.post(
      '/messages/:id/react',
      {
        config: { gate: 'session' },
        schema: { params: messageIdParams, body: reactMessageBody, response: { 200: messageSchema } },
      },
      async (request) => {
        const ctx = contextOf(deps, request);
        return asSeenBy(ctx, await reactToMessage(ctx, request.params.id, request.body.emoji), maskMessage);
      },
    );
  };
