import { isSubscriptionActive, zonedParts } from '@balcao/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { ActorLoader, RequestActor } from './actor.js';
import type { TokenSigner } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, sign-up, public plan list, health). */
    public?: boolean;
    /** Still reachable when the company's subscription has lapsed (session, billing). */
    allowExpired?: boolean;
  }
  interface FastifyRequest {
    actor: RequestActor;
    /** The sign-in the access token belongs to (tokens issued before sessions were named have none). */
    sessionId: string | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

export function isCompanyActive(actor: RequestActor, now = new Date()): boolean {
  if (!actor.company.status) return false;
  return isSubscriptionActive(actor.company.dueDate, zonedParts(now, actor.company.timezone).date);
}

/**
 * Every route needs a session unless it says `config: { public: true }`: no token answers 401
 * (the session is over), an expired token 403 (the client refreshes and retries).
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { tokens: TokenSigner; actors: ActorLoader },
) {
  app.decorateRequest('actor', undefined as unknown as RequestActor);
  app.decorateRequest('sessionId', undefined);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED');
    const claims = await deps.tokens.verifyAccess(token);
    const actor = await deps.actors.load(claims.userId);
    if (!actor || actor.companyId !== claims.companyId) throw new AppError('ERR_SESSION_EXPIRED');
    if (!config.allowExpired && !actor.super && !isCompanyActive(actor)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
    }
    request.actor = actor;
    request.sessionId = claims.sessionId;
  });
}
