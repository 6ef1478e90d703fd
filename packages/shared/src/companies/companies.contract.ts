import { z } from 'zod';
import { planSchema } from '../plans/plans.contract.js';

export const companyPlanResponse = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string(),
  plan: planSchema,
});
export type CompanyPlan = z.infer<typeof companyPlanResponse>;
