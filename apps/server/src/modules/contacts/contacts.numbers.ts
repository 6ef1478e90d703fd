import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A typed number as stored: the digits of its E.164 form (no +), or null when it is not a valid
 * number. Numbers without a country code are read as Brazilian, as the product's users type them.
 */
export function normaliseNumber(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'BR');
  if (!parsed?.isValid()) return null;
  return parsed.number.slice(1);
}

/**
 * The other form a Brazilian mobile may be known by: with the 9th digit mobiles took in 2012–2016
 * (55 DD 9 NNNNNNNN) or without it (55 DD NNNNNNNN), NNNNNNNN starting with 6–9 as mobiles did.
 * WhatsApp still addresses many of them by the old form. Any other number has one form: undefined.
 */
export function brazilianMobileTwin(number: string): string | undefined {
  const match = /^55([1-9]{2})(9?)([6-9]\d{7})$/.exec(number);
  if (!match) return undefined;
  const [, ddd, nine, rest] = match;
  return `55${ddd}${nine ? '' : '9'}${rest}`;
}

/**
 * A number as a sheet gives it: as typed (normaliseNumber), or a Brazilian mobile written in its old
 * form without the 9th digit, as WhatsApp and backups of its contacts still have many, read as
 * today's form (libphonenumber-js calls the old form invalid).
 */
export function normaliseSheetNumber(raw: string): string | null {
  const number = normaliseNumber(raw);
  if (number) return number;
  const digits = raw.replace(/\D/g, '');
  const current = brazilianMobileTwin(digits.length <= 10 ? `55${digits}` : digits);
  return current ? normaliseNumber(current) : null;
}
