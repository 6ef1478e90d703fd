import { can, type Gate, type PlanFlag } from '@balcao/shared';
import type { RequestActor } from './auth/actor.js';
import { AppError } from './errors.js';

/**
 * Who may call a route, declared beside its path so a reader sees it there and the
 * authentication hook enforces it before any handler runs.
 * - `'public'`: no session (login, sign-up, health, the web app's files).
 * - `'session'`: any signed-in user; what they may see is then decided by the rows.
 * - a permission key of the shared gate table.
 * - `{ plan }`: the company's plan has the feature (and the permission, when `gate` is given).
 * - `{ selfOr }`: the route's `:id` is the caller's own user, or the caller holds the permission.
 */
export type RouteGate = 'public' | 'session' | Gate | { plan: PlanFlag; gate?: Gate } | { selfOr: Gate };

/**
 * Throws the refusal a signed-in actor gets from a route's gate; `params` are the route's raw ones.
 * No gate refuses: start-up already rejects such a route, and a check that fails open is no check.
 */
export function enforceGate(actor: RequestActor, gate: RouteGate | undefined, params: unknown): void {
  if (gate === undefined) throw new AppError('ERR_NO_PERMISSION');
  if (gate === 'public' || gate === 'session') return;
  if (typeof gate === 'string') {
    requirePermission(actor, gate);
  } else if ('plan' in gate) {
    if (gate.gate) requirePermission(actor, gate.gate);
    requirePlan(actor, gate.plan);
  } else if ((params as { id?: string } | undefined)?.id !== String(actor.userId)) {
    requirePermission(actor, gate.selfOr);
  }
}

function requirePermission(actor: RequestActor, gate: Gate): void {
  if (!can(actor, gate)) throw new AppError('ERR_NO_PERMISSION');
}

/** For checks that depend on the request's content (a connection's channel), not on the route. */
export function requirePlan(actor: RequestActor, flag: PlanFlag): void {
  if (!actor.super && !actor.company.plan[flag]) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
}

/**
 * The company a call acts on: the caller's own, or for the super user any company named.
 * Anyone else naming another company gets "not found", as if it did not exist.
 */
export function targetCompanyId(actor: RequestActor, requested?: number): number {
  if (requested === undefined || requested === actor.companyId) return actor.companyId;
  if (actor.super) return requested;
  throw new AppError('ERR_NO_COMPANY_FOUND');
}
