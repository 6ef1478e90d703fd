import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { PixClient } from './pix.client.js';
import { paymentsOf, settlePayment } from './pix-payments.js';

/**
 * The provider cannot add a header to its notifications, so the shared secret travels in the URL
 * registered with it: `…/webhooks/pix?hmac=<PIX_WEBHOOK_SECRET>&ignorar=` (Efí appends `/pix`, which
 * lands in `ignorar`). docs/decisions.md, billing.
 */
const webhookQuery = z.object({ hmac: z.string().max(200).default(''), ignorar: z.string().optional() });

/** The delivery's `pix` entries are read one by one (`paymentsOf`); the provider sends a handful at most. */
const webhookBody = z.object({ pix: z.array(z.unknown()).max(500).default([]) }).passthrough();

const sameSecret = (given: string, expected: string | undefined) => {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `POST /webhooks/pix`: the provider's payment notifications. A failure to settle answers an error status (502 when the provider fails), so the
 * provider delivers again; settling is idempotent on the charge's txid and endToEndId.
 */
export const pixWebhookRoutes =
  (deps: AppDeps, pix: PixClient | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/webhooks/pix',
      {
        config: { gate: 'public' },
        schema: {
          querystring: webhookQuery,
          body: webhookBody,
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (request, reply) => {
        if (!pix || !sameSecret(request.query.hmac, deps.config.pix.webhookSecret))
          throw new AppError('ERR_INVALID_SIGNATURE');
        for (const payment of paymentsOf(request.body.pix)) await settlePayment(deps, pix, payment);
        return reply.status(200).send({ received: true as boolean });
      },
    );
  };
