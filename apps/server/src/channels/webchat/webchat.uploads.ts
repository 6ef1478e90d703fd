import {
  plainText,
  type WebchatMessage,
  webchatEvents,
  webchatMessageSchema,
  webchatUploadFields,
  webchatVisitorHeaders,
} from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import { receive } from '../../inbox/receive.js';
import { findConnectionByToken } from '../../modules/connections/connections.queries.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { mediaKey, multipartFields, readMediaUpload, uploadedFile } from '../../platform/storage/uploads.js';
import { visitorRoom } from './webchat.channel.js';
import { findVisitor } from './webchat.visitors.js';

/** Files cost more than text: a visitor sends at most this many per minute. */
const UPLOADS_PER_MINUTE = 10;

function fieldsOf(file: MultipartFile | undefined) {
  const parsed = webchatUploadFields.safeParse(multipartFields(file));
  if (!parsed.success)
    throw new AppError('ERR_VALIDATION', 'Invalid upload fields', { clientId: 'required' });
  return parsed.data;
}

/**
 * A website visitor's image, audio or document. The visitor proves who they are with the secret the
 * widget keeps; the file is checked by its bytes before it is stored, and removed again when the
 * message is not stored (a refusal, a failure, or a resend of a file already received).
 */
export const webchatUploadRoutes =
  (deps: AppDeps, visitors: Namespace): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/webchat/:token/media',
      {
        config: { gate: 'public' },
        schema: {
          params: z.object({ token: plainText(64) }),
          headers: webchatVisitorHeaders,
          response: { 201: webchatMessageSchema },
        },
      },
      async (request, reply) => {
        const file = await uploadedFile(request);
        const upload = await readMediaUpload(file);
        const fields = fieldsOf(file);
        const connection = await findConnectionByToken(deps.db, request.params.token);
        if (connection?.channel !== 'webchat') throw new AppError('ERR_NO_WAPP_FOUND');
        const visitor = await findVisitor(
          deps.db,
          connection.id,
          request.headers['x-visitor-id'],
          request.headers['x-visitor-secret'],
        );
        if (!visitor) throw new AppError('ERR_SESSION_EXPIRED');
        const uploads = await hitRateLimit(deps.db, `webchat:uploads:${visitor.visitorId}`, 60);
        if (uploads > UPLOADS_PER_MINUTE) throw new AppError('ERR_TOO_MANY_REQUESTS');

        const key = mediaKey(connection.companyId, 'messages', upload.ext);
        await deps.storage.put(key, upload.bytes);
        const received = await receive(deps, {
          companyId: connection.companyId,
          connectionId: connection.id,
          channel: 'webchat',
          identity: { kind: 'webchat', value: visitor.visitorId },
          contact: { name: visitor.visitorId },
          externalId: `visitor:${visitor.visitorId}:${fields.clientId}`,
          body: fields.body,
          media: { mediaPath: key, mediaType: upload.kind, mediaName: upload.name },
        }).catch(async (error: unknown) => {
          await deps.storage.remove(key);
          throw error;
        });
        if (received.duplicate) await deps.storage.remove(key);
        const { message } = received;
        const shown: WebchatMessage = {
          id: message.id,
          body: message.body,
          fromVisitor: true,
          createdAt: message.createdAt,
          ack: message.ack,
          edited: false,
          deleted: false,
          media: message.mediaUrl
            ? { url: message.mediaUrl, type: message.mediaType ?? 'application', name: message.mediaName }
            : null,
          quoted: null,
          reactions: [],
        };
        // The visitor's other tabs show it too.
        if (!received.duplicate)
          visitors.to(visitorRoom(connection.id, visitor.visitorId)).emit(webchatEvents.message, shown);
        return reply.status(201).send(shown);
      },
    );
  };
