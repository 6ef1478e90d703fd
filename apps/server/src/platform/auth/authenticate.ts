import { isSubscriptionActive, mustEnrolTwoFactor, zonedParts } from '@balcao/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors.js';
import { enforceGate, type RouteGate } from '../permissions.js';
import type { ActorLoader, RequestActor } from './actor.js';
import type { TokenSigner } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route declares one (see `RouteGate`). */
    gate?: RouteGate;
    /** Still reachable when the company's subscription has lapsed (session, billing). */
    allowExpired?: boolean;
    /** Reachable by an admin who must enrol in two-factor sign-in first (the session and enrolment). */
    allowUnenrolled?: boolean;
  }
  interface FastifyRequest {
    actor: RequestActor;
    /** The sign-in the access token belongs to (tokens issued before sessions were named have none). */
    sessionId: string | undefined;
  }
  interface FastifyInstance {
    /** Every route of the server as registered, for audits of what each one lets through. */
    registeredRoutes: readonly RouteOptions[];
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/**
 * Today in a time zone, worked out once a minute per zone: every request checks the subscription against
 * it, and Intl's formatting was a fiftieth of a list request's time.
 */
const todayByZone = new Map<string, { minute: number; date: string }>();
function todayIn(timeZone: string, now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const known = todayByZone.get(timeZone);
  if (known?.minute === minute) return known.date;
  const { date } = zonedParts(now, timeZone);
  todayByZone.set(timeZone, { minute, date });
  return date;
}

export function isCompanyActive(actor: RequestActor, now = new Date()): boolean {
  if (!actor.company.status) return false;
  return isSubscriptionActive(actor.company.dueDate, todayIn(actor.company.timezone, now));
}

/** Set while a plugin that cannot take our route options registers its routes; children see it too. */
const assumedGate = Symbol('assumedGate');
type GateHolder = { [assumedGate]?: { gate?: RouteGate } };

/**
 * A route registered without a gate stops the server from starting, so a forgotten check cannot
 * ship as an open route. Install on the root instance before any route. Gates are read when the
 * server gets ready, after every plugin had its say on the routes' options.
 */
export function requireDeclaredGates(app: FastifyInstance) {
  const routes: RouteOptions[] = [];
  app.decorate(assumedGate, {});
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', function (route) {
    const assumed = (this as GateHolder)[assumedGate]?.gate;
    if (assumed && route.config?.gate === undefined) route.config = { ...route.config, gate: assumed };
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => route.config?.gate === undefined);
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`Routes without a declared gate: ${names}`);
    }
  });
}

/** For plugins that register routes without taking route options from us (static files). */
export async function registerWithGate(
  app: FastifyInstance,
  gate: RouteGate,
  register: () => PromiseLike<unknown>,
): Promise<void> {
  const holder = (app as GateHolder)[assumedGate];
  if (!holder) throw new Error('requireDeclaredGates must be installed first');
  holder.gate = gate;
  try {
    await register();
  } finally {
    holder.gate = undefined;
  }
}

/**
 * The company's requirement is checked on every call rather than at sign-in, so turning it on reaches
 * admins already signed in, and an admin cannot keep a session that never enrolled.
 */
async function mustEnrol(actors: ActorLoader, actor: RequestActor): Promise<boolean> {
  if (actor.profile !== 'admin' || actor.twoFactorEnabled) return false;
  return mustEnrolTwoFactor(actor, (await actors.settings(actor.companyId)).requireAdminTwoFactor);
}

/**
 * Enforces each route's declared gate: no token answers 401 (the session is over), an expired
 * token 403 (the client refreshes and retries), a gate the actor does not pass 403.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { tokens: TokenSigner; actors: ActorLoader; now: () => Date },
) {
  app.decorateRequest('actor', undefined as unknown as RequestActor);
  app.decorateRequest('sessionId', undefined);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.gate === 'public' || !request.routeOptions.url) return;
    const token = bearerToken(request);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED');
    const claims = await deps.tokens.verifyAccess(token);
    const actor = await deps.actors.load(claims.userId);
    if (!actor || actor.companyId !== claims.companyId) throw new AppError('ERR_SESSION_EXPIRED');
    if (!config.allowExpired && !actor.super && !isCompanyActive(actor, deps.now())) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
    }
    if (!config.allowUnenrolled && (await mustEnrol(deps.actors, actor)))
      throw new AppError('ERR_2FA_REQUIRED');
    enforceGate(actor, config.gate, request.params);
    request.actor = actor;
    request.sessionId = claims.sessionId;
  });
}
