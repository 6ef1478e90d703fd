import { campaignReportSchema, campaignSchema, idParam } from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { cancelCampaign, restartCampaign } from './campaigns.dispatcher-actions.js';
import { campaignReport } from './campaigns.report.js';

const gate = { plan: 'useCampaigns', gate: 'campaigns:manage' } as const;

export const campaignDispatchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/campaigns/:id/cancel',
      { config: { gate }, schema: { params: idParam, response: { 200: campaignSchema } } },
      (request) => cancelCampaign(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/campaigns/:id/restart',
      { config: { gate }, schema: { params: idParam, response: { 200: campaignSchema } } },
      (request) => restartCampaign(contextOf(deps, request), request.params.id),
    );

    app.get(
      '/campaigns/:id/report',
      { config: { gate }, schema: { params: idParam, response: { 200: campaignReportSchema } } },
      (request) => {
        const ctx = contextOf(deps, request);
        return campaignReport(ctx, ctx.companyId, request.params.id);
      },
    );
  };
