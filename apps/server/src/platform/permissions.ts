import { can, type Gate, type PlanFlag } from '@balcao/shared';
import type { RequestActor } from './auth/actor.js';
import { AppError } from './errors.js';

export function requireGate(actor: RequestActor, gate: Gate): void {
  if (!can(actor, gate)) throw new AppError('ERR_NO_PERMISSION');
}

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
