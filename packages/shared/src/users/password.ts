import { z } from 'zod';
import { msg } from '../validation.js';

/** 8 or more characters with a lowercase and an uppercase letter; the meter scores each third (33/33/34). */
export const strongPassword = () =>
  z
    .string({ error: msg.required })
    .min(8, msg.passwordTooShort)
    .max(50, msg.tooLong)
    .regex(/[a-z]/, msg.passwordWeak)
    .regex(/[A-Z]/, msg.passwordWeak);

export function passwordStrength(password: string): number {
  return (
    (password.length >= 8 ? 33 : 0) + (/[a-z]/.test(password) ? 33 : 0) + (/[A-Z]/.test(password) ? 34 : 0)
  );
}
