import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { planSchema } from '../plans/plans.contract.js';
import { settingSchema } from '../settings/settings.contract.js';
import { strongPassword } from '../users/password.js';
import { userSchema } from '../users/users.contract.js';
import { dbIdText, email, MAX_ID, msg, requiredText } from '../validation.js';

export const loginBody = z.object({
  email: z.string({ error: msg.required }).trim().toLowerCase().min(1, msg.required).email(msg.loginEmail),
  // The 6-character minimum is the form's rule (spec 000 §5); the server only needs something to check.
  password: z.string({ error: msg.required }).min(1, msg.required).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The login form's own rules (spec 000 §5). */
export const loginForm = loginBody.extend({
  password: z.string().min(6, msg.loginPassword).max(200),
});

const sessionCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: z.string(),
  timezone: z.string(),
  companieSettings: z.array(settingSchema),
  plan: planSchema,
});

export const sessionUserSchema = userSchema.extend({
  company: sessionCompanySchema,
  twoFactorEnabled: z.boolean(),
  /** An admin the company requires two-factor sign-in of, not enrolled yet: every other call is refused. */
  twoFactorRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponse = z.object({ token: z.string(), user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const signupBody = z.object({
  companyName: requiredText(2, 50),
  name: requiredText(2, 50),
  email: email(),
  phone: z
    .string({ error: msg.required })
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().length(11, msg.invalidPhone)),
  password: strongPassword(),
  planId: z.coerce.number({ error: msg.required }).int().positive(msg.required).max(MAX_ID),
  termo: z.literal(true, { error: msg.termsRequired }),
  /** From the sign-up link's query string: the company that referred this sign-up. */
  companyId: dbIdText().optional(),
  /** The language the sign-up page was shown in becomes the new admin's, so signing in keeps it. */
  language: z.enum(LANGUAGES).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

/** The same whether or not an account was created: the answer tells nothing of who is registered. */
export const signupResponse = z.object({});

export const authEvent = z.object({ action: z.literal('update'), user: z.object({ id: z.number() }) });
