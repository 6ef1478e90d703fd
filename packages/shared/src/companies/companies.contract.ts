import { z } from 'zod';
import { planSchema } from '../plans/plans.contract.js';
import { optionalServiceHoursSchema, storedServiceHoursSchema } from '../queues/queues.contract.js';
import { dbId } from '../validation.js';

export const companyPlanResponse = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string(),
  plan: planSchema,
});
export type CompanyPlan = z.infer<typeof companyPlanResponse>;

/**
 * `PUT /companies/{id}/schedules` (spec 001 §7: id, schedules): the company's service hours, used when
 * scheduleType is `company`. The whole week, or `[]` for none (always open). `id` is the path's, as
 * spec clients repeat it; a different one is refused.
 */
export const companySchedulesBody = z.object({
  id: dbId().optional(),
  schedules: optionalServiceHoursSchema,
});
export type CompanySchedulesBody = z.infer<typeof companySchedulesBody>;

export const companySchedulesResponse = z.object({
  id: z.number(),
  schedules: storedServiceHoursSchema,
});
export type CompanySchedules = z.infer<typeof companySchedulesResponse>;
