import {
  campaignSchema,
  campaignSettingsBody,
  campaignSettingsResponse,
  campaignTemplatesQuery,
  createCampaignBody,
  idParam,
  listCampaignsQuery,
  listCampaignsResponse,
  listTemplatesResponse,
  updateCampaignBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { uploadedFile } from '../../platform/storage/uploads.js';
import { removeCampaignMedia, uploadCampaignMedia } from './campaigns.media.js';
import {
  createCampaign,
  deleteCampaign,
  listCampaigns,
  showCampaign,
  updateCampaign,
} from './campaigns.service.js';
import { saveCampaignSettings, showCampaignSettings } from './campaigns.settings.js';
import { listCampaignTemplates } from './campaigns.templates.js';

/** Spec 001 §6: campaigns need the plan's useCampaigns, and are an admin's tool. */
const gate = { plan: 'useCampaigns', gate: 'campaigns:manage' } as const;

export const campaignsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/campaigns',
      {
        config: { gate },
        schema: { querystring: listCampaignsQuery, response: { 200: listCampaignsResponse } },
      },
      (request) => listCampaigns(contextOf(deps, request), request.query),
    );

    app.get(
      '/campaigns/templates',
      {
        config: { gate },
        schema: { querystring: campaignTemplatesQuery, response: { 200: listTemplatesResponse } },
      },
      async (request) => ({
        templates: await listCampaignTemplates(contextOf(deps, request), request.query.connectionIds),
      }),
    );

    app.get(
      '/campaigns/:id',
      { config: { gate }, schema: { params: idParam, response: { 200: campaignSchema } } },
      (request) => showCampaign(contextOf(deps, request), request.params.id),
    );

    app.post(
      '/campaigns',
      { config: { gate }, schema: { body: createCampaignBody, response: { 201: campaignSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createCampaign(contextOf(deps, request), request.body)),
    );

    app.put(
      '/campaigns/:id',
      {
        config: { gate },
        schema: { params: idParam, body: updateCampaignBody, response: { 200: campaignSchema } },
      },
      (request) => updateCampaign(contextOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/campaigns/:id',
      { config: { gate }, schema: { params: idParam } },
      async (request, reply) => {
        await deleteCampaign(contextOf(deps, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/campaigns/:id/media-upload',
      { config: { gate }, schema: { params: idParam, response: { 200: campaignSchema } } },
      async (request) =>
        uploadCampaignMedia(contextOf(deps, request), request.params.id, await uploadedFile(request)),
    );

    app.delete(
      '/campaigns/:id/media-upload',
      { config: { gate }, schema: { params: idParam, response: { 200: campaignSchema } } },
      (request) => removeCampaignMedia(contextOf(deps, request), request.params.id),
    );

    app.get(
      '/campaign-settings',
      { config: { gate }, schema: { response: { 200: campaignSettingsResponse } } },
      (request) => showCampaignSettings(contextOf(deps, request)),
    );

    app.post(
      '/campaign-settings',
      {
        config: { gate },
        schema: { body: campaignSettingsBody, response: { 200: campaignSettingsResponse } },
      },
      (request) => saveCampaignSettings(contextOf(deps, request), request.body.settings),
    );
  };
