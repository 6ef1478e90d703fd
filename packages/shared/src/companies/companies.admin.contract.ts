import { z } from 'zod';
import { type Recurrence, recurrenceMonths } from '../billing/billing.rules.js';
import { planSchema } from '../plans/plans.contract.js';
import { daysUntil } from '../time.js';
import { dbId, email, msg, pageNumber, plainText, requiredText } from '../validation.js';

/** Spec 001 §3: how often a company pays; a renewal or a payment adds this many months (§4, `extendDueDate`). */
export const recurrences = Object.keys(recurrenceMonths) as Recurrence[];

/** Spec 001 §2/§4: yellow with 1 to 5 days left, red on the due date or past it. */
const DUE_SOON_DAYS = 5;
export type DueTone = 'overdue' | 'soon' | 'ok';
export function dueTone(dueDate: string, today: string): DueTone {
  const left = daysUntil(dueDate, today);
  if (left <= 0) return 'overdue';
  return left <= DUE_SOON_DAYS ? 'soon' : 'ok';
}

const isoDate = z
  .string({ error: msg.required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.invalidValue)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    msg.invalidValue,
  );

/** A company as the super user manages it (spec 001 §3 Company). */
export const companyAdminSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  document: z.string(),
  status: z.boolean(),
  planId: z.number(),
  plan: planSchema.pick({ id: true, name: true, amount: true }),
  dueDate: z.string(),
  recurrence: z.enum(recurrences),
  numberAttendants: z.number(),
  numberConections: z.number(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type CompanyAdmin = z.infer<typeof companyAdminSchema>;

const count = z.coerce
  .number({ error: msg.invalidValue })
  .int(msg.invalidValue)
  .min(0, msg.invalidValue)
  .max(100_000, msg.invalidValue);

const companyFields = {
  name: requiredText(2, 50),
  email: email(),
  phone: plainText(30).trim(),
  document: plainText(30).trim(),
  status: z.boolean(),
  planId: dbId(),
  dueDate: isoDate,
  recurrence: z.enum(recurrences, { error: msg.invalidValue }),
  numberAttendants: count,
  numberConections: count,
};

/**
 * A new company comes with its first admin: signed in with the company's e-mail and this password.
 * Omitted fields take the spec's defaults (active, monthly, 1 attendant and connection); the due date
 * defaults to the platform's trial.
 */
export const createCompanyBody = z.object({
  ...companyFields,
  phone: companyFields.phone.default(''),
  document: companyFields.document.default(''),
  status: companyFields.status.default(true),
  dueDate: companyFields.dueDate.optional(),
  recurrence: companyFields.recurrence.default('MENSAL'),
  numberAttendants: companyFields.numberAttendants.default(1),
  numberConections: companyFields.numberConections.default(1),
  password: z.string({ error: msg.required }).min(6, msg.passwordTooShort).max(200, msg.tooLong),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBody>;

/** Every field optional; what GET answers is accepted back (its read-only fields are ignored). */
export const updateCompanyBody = z.object(companyFields).partial();
export type UpdateCompanyBody = z.infer<typeof updateCompanyBody>;

export const listCompaniesQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export type ListCompaniesQuery = z.infer<typeof listCompaniesQuery>;

export const listCompaniesResponse = z.object({
  companies: z.array(companyAdminSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

/** `/companies/list`: every company's id and name, for the super user's pickers. */
export const companyOptionsResponse = z.array(z.object({ id: z.number(), name: z.string() }));

/**
 * `company-{id}-company` to the company's own users: its due date, status or plan changed (renewal,
 * the super user's edit), so the top bar and the plan-gated menu follow without a reload.
 */
export const companyEvent = z.object({
  action: z.literal('update'),
  company: z.object({
    id: z.number(),
    name: z.string(),
    dueDate: z.string(),
    status: z.boolean(),
    plan: planSchema,
  }),
});
export type CompanyEvent = z.infer<typeof companyEvent>;
