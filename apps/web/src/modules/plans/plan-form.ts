import { createPlanBody, type PlanAdmin, type PlanFlag, planFlagKeys } from '@balcao/shared';
import { z } from 'zod';

/** The dialog's fields: the price typed in reais (49,90), stored in cents. */
export type PlanFormInput = {
  name: string;
  users: number | string;
  connections: number | string;
  queues: number | string;
  amount: string;
  isPublic: boolean;
} & Record<PlanFlag, boolean>;

const reais = z
  .string()
  .trim()
  .regex(/^\d{1,7}([.,]\d{1,2})?$/, 'invalidValue')
  .transform((text) => Math.round(Number(text.replace(',', '.')) * 100));

export const planForm = createPlanBody.required().extend({ amount: reais });

export const planFormFieldNames = [
  'name',
  'users',
  'connections',
  'queues',
  'amount',
  'isPublic',
  ...planFlagKeys,
] as const;

export function planFormDefaults(plan: PlanAdmin | null): PlanFormInput {
  const flags = Object.fromEntries(planFlagKeys.map((key) => [key, plan ? plan[key] : true])) as Record<
    PlanFlag,
    boolean
  >;
  return {
    name: plan?.name ?? '',
    users: plan?.users ?? 1,
    connections: plan?.connections ?? 1,
    queues: plan?.queues ?? 1,
    amount: ((plan?.amount ?? 0) / 100).toFixed(2).replace('.', ','),
    isPublic: plan?.isPublic ?? true,
    ...flags,
  };
}
