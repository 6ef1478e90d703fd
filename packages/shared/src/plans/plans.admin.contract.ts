import { z } from 'zod';
import { msg, pageNumber, requiredText } from '../validation.js';
import { type PlanFlag, planFlagKeys, planSchema } from './plans.contract.js';

const limit = (min: number) =>
  z.coerce
    .number({ error: msg.invalidValue })
    .int(msg.invalidValue)
    .min(min, msg.invalidValue)
    .max(100_000, msg.invalidValue);

const flags = Object.fromEntries(planFlagKeys.map((key) => [key, z.boolean()])) as Record<
  PlanFlag,
  z.ZodBoolean
>;

const planFields = {
  name: requiredText(2, 50),
  /** A company holds at least its first admin. */
  users: limit(1),
  connections: limit(0),
  queues: limit(0),
  /** Cents of BRL (R$ 49,90 is 4990). */
  amount: limit(0).max(100_000_000, msg.invalidValue),
  isPublic: z.boolean(),
  ...flags,
};

/** Omitted limits are 1, the amount 0; omitted flags and isPublic on, as the table's defaults. */
export const createPlanBody = z.object(planFields).partial().required({ name: true });
export type CreatePlanBody = z.infer<typeof createPlanBody>;

export const updatePlanBody = z.object(planFields).partial();
export type UpdatePlanBody = z.infer<typeof updatePlanBody>;

export const listPlansQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export type ListPlansQuery = z.infer<typeof listPlansQuery>;

export const planAdminSchema = planSchema.extend({
  /** How many companies are on it: a plan in use cannot be deleted. */
  companiesCount: z.number(),
});
export type PlanAdmin = z.infer<typeof planAdminSchema>;

export const listPlansResponse = z.object({
  plans: z.array(planAdminSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

export const allPlansResponse = z.array(planSchema);
