import {
  companySettingOneQuery,
  companySettingsParams,
  companySettingsResponse,
  publicSettingsResponse,
  settingKeyParams,
  settingSchema,
  settingsListResponse,
  updateCompanySettingBody,
  updateSettingBody,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { readSignupEnabled } from './settings.queries.js';
import { listSettings, showSetting, updateSetting } from './settings.service.js';

export const settingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/public-settings',
      { config: { gate: 'public' }, schema: { response: { 200: publicSettingsResponse } } },
      async () => ({
        signupEnabled: await readSignupEnabled(deps.db),
        // The app id is public by nature: Facebook's login dialog shows it in its address.
        facebook: {
          appId: deps.config.meta.appId,
          sdkUrl: deps.config.meta.sdkUrl,
          version: deps.config.meta.graphVersion,
        },
        recoveryByEmail: deps.config.smtp !== undefined,
      }),
    );

    app.get(
      '/settings',
      { config: { gate: 'session' }, schema: { response: { 200: settingsListResponse } } },
      (request) => listSettings(contextOf(deps, request)),
    );

    app.put(
      '/settings/:key',
      {
        config: { gate: 'settings:manage' },
        schema: { params: settingKeyParams, body: updateSettingBody, response: { 200: settingSchema } },
      },
      (request) => updateSetting(contextOf(deps, request), request.params.key, request.body.value),
    );

    app.get(
      '/companySettings/:companyId',
      {
        config: { gate: 'session' },
        schema: { params: companySettingsParams, response: { 200: companySettingsResponse } },
      },
      async (request) => {
        const settings = await listSettings(contextOf(deps, request), request.params.companyId);
        return Object.fromEntries(settings.map((s) => [s.key, s.value]));
      },
    );

    app.get(
      '/companySettingOne',
      {
        config: { gate: 'session' },
        schema: { querystring: companySettingOneQuery, response: { 200: settingSchema } },
      },
      (request) => showSetting(contextOf(deps, request), request.query.column),
    );

    app.put(
      '/companySettings',
      {
        config: { gate: 'settings:manage' },
        schema: { body: updateCompanySettingBody, response: { 200: settingSchema } },
      },
      (request) => updateSetting(contextOf(deps, request), request.body.column, request.body.data),
    );
  };
