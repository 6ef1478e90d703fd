import { invoicesQuery, invoicesResponse, pixChargeResponse, subscriptionBody } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { listInvoices } from './invoices.queries.js';
import { createPixClient } from './pix.client.js';
import { pixWebhookRoutes } from './pix-webhook.routes.js';
import { subscribe } from './subscription.service.js';

/**
 * Invoices and their Pix charges (spec 001 §2, Financeiro). Both are reachable by a company past its
 * due date: paying is how it comes back.
 */
export const billingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const pix = createPixClient(deps.config.pix, (error) => deps.log.warn({ err: error }, 'pix call failed'));

    app.get(
      '/invoices/all',
      {
        config: { gate: 'financeiro:view', allowExpired: true },
        schema: { querystring: invoicesQuery, response: { 200: invoicesResponse } },
      },
      (request) =>
        listInvoices(deps.db, request.actor.companyId, request.query.searchParam, request.query.pageNumber),
    );

    app.post(
      '/subscription',
      {
        config: { gate: 'financeiro:view', allowExpired: true },
        schema: { body: subscriptionBody, response: { 200: pixChargeResponse } },
      },
      (request) => subscribe(contextOf(deps, request), pix, request.body),
    );

    await app.register(pixWebhookRoutes(deps, pix));
  };
