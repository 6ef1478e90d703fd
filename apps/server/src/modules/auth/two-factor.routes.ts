import {
  recoveryCodesResponse,
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorSetupResponse,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
} from './two-factor.service.js';

/** The signed-in user's own second step; nobody else's can be reached (each acts on the caller). */
export const twoFactorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // An admin the company requires it of enrols before anything else, so enrolment stays open to them.
    const enrolment = { gate: 'session', allowExpired: true, allowUnenrolled: true } as const;

    app.post(
      '/auth/2fa/setup',
      { config: enrolment, schema: { response: { 200: twoFactorSetupResponse } } },
      (request) => setupTwoFactor(contextOf(deps, request)),
    );

    app.post(
      '/auth/2fa/enable',
      { config: enrolment, schema: { body: twoFactorCodeBody, response: { 200: recoveryCodesResponse } } },
      (request) => enableTwoFactor(contextOf(deps, request), request.body.code),
    );

    app.post(
      '/auth/2fa/disable',
      { config: { gate: 'session', allowExpired: true }, schema: { body: twoFactorDisableBody } },
      async (request, reply) => {
        await disableTwoFactor(contextOf(deps, request), request.body);
        return reply.status(204).send();
      },
    );

    app.post(
      '/auth/2fa/recovery-codes',
      {
        config: { gate: 'session', allowExpired: true },
        schema: { body: twoFactorCodeBody, response: { 200: recoveryCodesResponse } },
      },
      (request) => regenerateRecoveryCodes(contextOf(deps, request), request.body.code),
    );
  };
