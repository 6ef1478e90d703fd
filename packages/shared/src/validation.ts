import { z } from 'zod';

/**
 * Validation messages travel as keys; the web translates them under `validation.<key>`
 * (pt-BR 'Muito curto!', en 'Too Short!', ...), and the server answers the same keys in `fields`.
 */
export const msg = {
  required: 'required',
  tooShort: 'tooShort',
  tooLong: 'tooLong',
  invalidEmail: 'invalidEmail',
  invalidTime: 'invalidTime',
  invalidPhone: 'invalidPhone',
  passwordTooShort: 'passwordTooShort',
  passwordWeak: 'passwordWeak',
  wrongPassword: 'wrongPassword',
  termsRequired: 'termsRequired',
  loginEmail: 'loginEmail',
  loginPassword: 'loginPassword',
  invalidValue: 'invalidValue',
  emailTaken: 'emailTaken',
  tagTooShort: 'tagTooShort',
  tagTaken: 'tagTaken',
  listNumberTaken: 'listNumberTaken',
  messageTooShort: 'messageTooShort',
  endBeforeStart: 'endBeforeStart',
  shiftsOverlap: 'shiftsOverlap',
  sectorRequired: 'sectorRequired',
  privateAddress: 'privateAddress',
  chatTitleRequired: 'chatTitleRequired',
  chatUsersRequired: 'chatUsersRequired',
  plantaoUser: 'plantaoUser',
  plantaoPhone: 'plantaoPhone',
  plantaoInterval: 'plantaoInterval',
  plantaoStart: 'plantaoStart',
  plantaoEnd: 'plantaoEnd',
  plantaoOneDay: 'plantaoOneDay',
  youtubeVideo: 'youtubeVideo',
  recoveryNumber: 'recoveryNumber',
  fullNameRequired: 'fullNameRequired',
  zipcodeRequired: 'zipcodeRequired',
} as const;

/** PostgreSQL text cannot hold NUL: refused as bad input instead of failing in the database. */
export const withoutNul = (value: string) => !value.includes('\u0000');

/** Free text of at most `max` characters (may be empty). */
export const plainText = (max: number) =>
  z.string().max(max, msg.tooLong).refine(withoutNul, msg.invalidValue);

/** `required` names the field where the spec words its own message ('CEP é obrigatório'). */
export const requiredText = (min: number, max: number, required: string = msg.required) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, msg.tooShort)
    .max(max, msg.tooLong)
    .refine(withoutNul, msg.invalidValue);

export const email = () =>
  z.string({ error: msg.required }).trim().toLowerCase().min(1, msg.required).email(msg.invalidEmail);

/** HH:MM, 00:00 to 23:59. */
export const timeOfDay = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg.invalidTime);

/** Ids are PostgreSQL integers: a larger number is refused as bad input, not sent to the database. */
export const MAX_ID = 2_147_483_647;
/** An id in a JSON body. */
export const dbId = () => z.number().int().positive().max(MAX_ID);
/** An id in a path or query string. */
export const dbIdText = () => z.coerce.number().int().positive().max(MAX_ID);

export const idParam = z.object({ id: dbIdText() });

/**
 * JSON arrays of ids in the query string, as the spec sends them (`queueIds=[1,2]`); 0 is allowed where
 * it means "none" (a ticket without a queue). Anything else is a validation error, never a query.
 */
export const jsonIds = z
  .string()
  .transform((value, ctx) => {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_ID))
        return parsed as number[];
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'invalidValue' });
    return z.NEVER;
  })
  .optional();

export const pageNumber = z.coerce.number().int().min(1).default(1);

/** A boolean arriving as a query string ('true'/'false') or a JSON boolean. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');
