import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { handleCloudApiWebhook } from '../cloud-api/cloud-api.inbound.js';
import { handleMessagingWebhook } from '../messenger/messenger.inbound.js';
import type { GraphClient } from './graph.client.js';
import { validSignature } from './graph.signature.js';

const handshake = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/**
 * One callback address for the Meta app's three products (Cloud API, Messenger, Instagram): the
 * handshake, then signed deliveries. A delivery is stored before it is answered, so a failure
 * answers 500 and Meta delivers it again (idempotently stored).
 */
export const metaWebhookRoutes =
  (deps: AppDeps, graph: GraphClient): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the exact bytes Meta sent: re-serialising parsed JSON would not match.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.get(
      '/webhooks/meta',
      { config: { gate: 'public' }, schema: { querystring: handshake } },
      async (request, reply) => {
        const query = request.query;
        const expected = deps.config.meta.verifyToken;
        if (query['hub.mode'] !== 'subscribe' || !expected || query['hub.verify_token'] !== expected)
          return reply.status(403).type('text/plain').send('forbidden');
        return reply.type('text/plain').send(query['hub.challenge'] ?? '');
      },
    );

    app.post('/webhooks/meta', { config: { gate: 'public' } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (
        !validSignature(
          raw,
          typeof signature === 'string' ? signature : undefined,
          deps.config.meta.appSecret,
        )
      )
        throw new AppError('ERR_INVALID_SIGNATURE');
      const payload = parse(raw);
      const object = (payload as { object?: unknown } | undefined)?.object;
      if (object === 'whatsapp_business_account') await handleCloudApiWebhook(deps, payload);
      else if (object === 'page' || object === 'instagram')
        await handleMessagingWebhook(deps, graph, payload);
      return reply.status(200).send({ received: true });
    });
  };

function parse(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('ERR_VALIDATION', 'The webhook body is not JSON');
  }
}
