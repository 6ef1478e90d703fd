import { z } from 'zod';
import { strongPassword } from '../users/password.js';
import { email, msg } from '../validation.js';

/** How long a recovery code may be typed in, and how long its proof may then set a password. */
export const RECOVERY_CODE_MINUTES = 10;
/** Wrong codes a sent code survives: at the second the page sends the user back to /login (spec 001 §7). */
export const RECOVERY_MAX_ATTEMPTS = 2;

/** A WhatsApp number as registered on a user: its digits, however it was typed. */
const recoveryNumber = z
  .string({ error: msg.required })
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().min(8, msg.recoveryNumber).max(20, msg.recoveryNumber));

/** The page's two forms, one per way the code can be sent. */
export const recoveryByWhatsappForm = z.object({ wpp: recoveryNumber });
export const recoveryByEmailForm = z.object({ email: email() });
/**
 * POST /api/enviar-email: the registered WhatsApp number (`wpp`, as spec 001 §7 sends it) or, where the
 * server sends e-mail, the address. Answered alike whether anyone owns it (docs/decisions.md).
 */
export const recoveryRequestBody = z.union([recoveryByWhatsappForm, recoveryByEmailForm]);
export type RecoveryRequestBody = z.infer<typeof recoveryRequestBody>;
export const recoveryRequestResponse = z.object({});

/** `{number}` of /api/verificar-code: the number or the e-mail address the code was sent for. */
export const recoveryTargetParams = z.object({
  number: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .transform((value) => (value.includes('@') ? value.toLowerCase() : value.replace(/\D/g, '')))
    .pipe(z.string().min(1, msg.invalidValue)),
});

export const recoveryVerifyBody = z.object({
  code: z
    .string({ error: msg.required })
    .trim()
    .regex(/^\d{6}$/, msg.invalidValue),
});

/** The code proven: a one-time token that lets PUT /api/atualizar-senha set the password once. */
export const recoveryVerifyResponse = z.object({ token: z.string() });

export const recoveryPasswordBody = z.object({
  token: z.string({ error: msg.required }).min(1, msg.required).max(200),
  newPassword: strongPassword(),
});
export type RecoveryPasswordBody = z.infer<typeof recoveryPasswordBody>;
export const recoveryPasswordResponse = z.object({});
export const recoveryPasswordForm = recoveryPasswordBody.pick({ newPassword: true });
