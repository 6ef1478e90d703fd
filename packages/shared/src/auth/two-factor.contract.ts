import { z } from 'zod';
import { msg } from '../validation.js';
import { sessionResponse } from './auth.contract.js';

/** A password proven for a user with two-factor sign-in answers no session yet, only the ticket to the second step. */
export const loginResponse = z.union([sessionResponse, z.object({ twoFactorChallenge: z.string() })]);

/** Six digits from the authenticator app, or one of the recovery codes (xxxx-xxxx). */
const twoFactorCode = z
  .string({ error: msg.required })
  .trim()
  .min(6, msg.required)
  .max(20)
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase());

export const twoFactorVerifyBody = z.object({
  challenge: z.string().min(1).max(1000),
  code: twoFactorCode,
  rememberDevice: z.boolean().default(false),
});
export type TwoFactorVerifyBody = z.input<typeof twoFactorVerifyBody>;

export const twoFactorSetupResponse = z.object({
  /** otpauth:// URI for the QR code. */
  uri: z.string(),
  /** The same secret in base32, for typing into the app by hand. */
  secret: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorCodeBody = z.object({
  code: z
    .string({ error: msg.required })
    .trim()
    .regex(/^\d{6}$/, msg.invalidValue),
});

/** Either proves the person at the keyboard is the user: the password or a current code. */
export const twoFactorDisableBody = z
  .object({ password: z.string().max(200).optional(), code: z.string().trim().max(20).optional() })
  .refine((body) => Boolean(body.password || body.code), { message: msg.required, path: ['password'] });
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBody>;

/** Shown once: only their hashes are kept. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

/** An admin of a company that requires two-factor sign-in of admins, not enrolled yet. */
export const mustEnrolTwoFactor = (
  user: { profile: string; twoFactorEnabled: boolean },
  requireAdminTwoFactor: string | undefined,
) => user.profile === 'admin' && !user.twoFactorEnabled && requireAdminTwoFactor === 'enabled';
