import {
  loginBody,
  loginResponse,
  sessionResponse,
  sessionUserSchema,
  signupBody,
  signupResponse,
  twoFactorVerifyBody,
} from '@balcao/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { type IssuedSession, login, logout, refreshSession, verifySecondStep } from './auth.service.js';
import { loadSessionUser } from './session.js';
import { signup } from './signup.service.js';
import { REMEMBER_DAYS } from './two-factor.tokens.js';

const REFRESH_COOKIE = 'jrt';
/** The remembered-device token: skips the second step in this browser (two-factor.tokens.ts). */
const DEVICE_COOKIE = 'jtd';

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: deps.config.secureCookies,
      path: '/auth',
    };
    const answerSession = (reply: FastifyReply, session: IssuedSession) => {
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
        ...cookieOptions,
        maxAge: deps.config.refreshTokenDays * 86_400,
      });
      return { token: session.token, user: session.user };
    };

    app.post(
      '/auth/login',
      { config: { gate: 'public' }, schema: { body: loginBody, response: { 200: loginResponse } } },
      async (request, reply) => {
        const answer = await login(deps, request.body, request.ip, request.cookies[DEVICE_COOKIE]);
        return 'twoFactorChallenge' in answer ? answer : answerSession(reply, answer);
      },
    );
    app.post(
      '/auth/2fa/verify',
      {
        config: { gate: 'public' },
        schema: { body: twoFactorVerifyBody, response: { 200: sessionResponse } },
      },
      async (request, reply) => {
        const { deviceToken, ...session } = await verifySecondStep(deps, request.body);
        if (deviceToken)
          reply.setCookie(DEVICE_COOKIE, deviceToken, { ...cookieOptions, maxAge: REMEMBER_DAYS * 86_400 });
        return answerSession(reply, session);
      },
    );

    app.post(
      '/auth/refresh_token',
      { config: { gate: 'public' }, schema: { response: { 200: sessionResponse } } },
      async (request, reply) =>
        answerSession(reply, await refreshSession(deps, request.cookies[REFRESH_COOKIE])),
    );

    app.delete('/auth/logout', { config: { gate: 'public' } }, async (request, reply) => {
      await logout(deps, request.cookies[REFRESH_COOKIE]);
      return reply.clearCookie(REFRESH_COOKIE, cookieOptions).status(204).send();
    });

    app.get(
      '/auth/me',
      {
        config: { gate: 'session', allowExpired: true, allowUnenrolled: true },
        schema: { response: { 200: sessionUserSchema } },
      },
      (request) => loadSessionUser(deps, request.actor),
    );

    app.post(
      '/auth/signup',
      { config: { gate: 'public' }, schema: { body: signupBody, response: { 201: signupResponse } } },
      async (request, reply) => {
        await signup(deps, request.body, request.ip);
        return reply.status(201).send({});
      },
    );
  };
