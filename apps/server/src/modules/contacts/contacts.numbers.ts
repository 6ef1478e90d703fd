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

/** What lgpdHideNumber leaves of a number: country and area code and the last two digits. */
export function maskNumber(number: string): string {
  if (number.length <= 6) return '*'.repeat(number.length);
  return `${number.slice(0, 4)}${'*'.repeat(number.length - 6)}${number.slice(-2)}`;
}
