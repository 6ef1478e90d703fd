import { externalSendFields, externalSendResponse, msg } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../connections/connections.queries.js';
import { sendThroughApi } from './external-api.service.js';
import { authenticateApiCall } from './external-api.token.js';
import { type MediaUpload, readMultipartBody } from './external-api.uploads.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The connection whose token an external API call carried. */
    apiConnection: ConnectionRow | undefined;
  }
}

/** Files reach the body only through `readMultipartBody`: JSON cannot make one. */
const mediaUpload = z.custom<MediaUpload>((value) => Buffer.isBuffer((value as MediaUpload | null)?.bytes));

const sendRequest = externalSendFields
  .extend({ medias: z.array(mediaUpload).default([]) })
  .refine((input) => input.body !== '' || input.medias.length > 0, { message: msg.required, path: ['body'] })
  .refine((input) => !input.sendSignature || input.userId !== undefined, {
    message: msg.required,
    path: ['userId'],
  });

/**
 * `POST /api/messages/send` (spec 001): no user session; the connection's token is the credential,
 * checked before the body is read, so an unknown caller's upload is never buffered.
 */
export const externalApiRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.decorateRequest('apiConnection', undefined);
    app.post(
      '/api/messages/send',
      {
        config: { gate: 'public' },
        onRequest: async (request) => {
          request.apiConnection = await authenticateApiCall(deps, request);
        },
        preValidation: readMultipartBody,
        schema: { body: sendRequest, response: { 200: externalSendResponse } },
      },
      (request) => sendThroughApi(deps, request.apiConnection as ConnectionRow, request.body),
    );
  };
