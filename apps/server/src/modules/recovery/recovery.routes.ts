import {
  recoveryPasswordBody,
  recoveryPasswordResponse,
  recoveryRequestBody,
  recoveryRequestResponse,
  recoveryTargetParams,
  recoveryVerifyBody,
  recoveryVerifyResponse,
} from '@balcao/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { requestRecoveryCode, resetPassword, verifyRecoveryCode } from './recovery.service.js';

/** Password recovery (spec 001 §7, "no bearer needed"), at the paths the spec names. */
export const recoveryRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/enviar-email',
      {
        config: { gate: 'public' },
        schema: { body: recoveryRequestBody, response: { 200: recoveryRequestResponse } },
      },
      async (request) => {
        await requestRecoveryCode(deps, request.body, request.ip);
        return {};
      },
    );

    // A POST, not the spec's GET that answered the code: checking spends a try (docs/decisions.md).
    app.post(
      '/api/verificar-code/:number',
      {
        config: { gate: 'public' },
        schema: {
          params: recoveryTargetParams,
          body: recoveryVerifyBody,
          response: { 200: recoveryVerifyResponse },
        },
      },
      (request) => verifyRecoveryCode(deps, request.params.number, request.body.code, request.ip),
    );

    app.put(
      '/api/atualizar-senha',
      {
        config: { gate: 'public' },
        schema: { body: recoveryPasswordBody, response: { 200: recoveryPasswordResponse } },
      },
      async (request) => {
        await resetPassword(deps, request.body);
        return {};
      },
    );
  };
