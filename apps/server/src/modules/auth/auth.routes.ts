import { loginBody, sessionResponse, sessionUserSchema, signupBody, signupResponse } from '@balcao/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { type IssuedSession, login, logout, refreshSession } from './auth.service.js';
import { loadSessionUser } from './session.js';
import { signup } from './signup.service.js';

const REFRESH_COOKIE = 'jrt';

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
      { config: { gate: 'public' }, schema: { body: loginBody, response: { 200: sessionResponse } } },
      async (request, reply) => answerSession(reply, await login(deps, request.body, request.ip)),
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
      { config: { gate: 'session', allowExpired: true }, schema: { response: { 200: sessionUserSchema } } },
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
