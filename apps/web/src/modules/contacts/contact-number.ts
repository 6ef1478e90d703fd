import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export type NumberDisplay =
  | { kind: 'formatted'; text: string }
  | { kind: 'invalid' }
  | { kind: 'missing' }
  | { kind: 'hidden'; text: string };

/**
 * How the list shows a stored number: international format ('+55 11 98765 4321'), or why it cannot
 * (no number, a number no country recognises). A masked number is shown as the server masked it.
 */
export function displayNumber(number: string | null, hidden: boolean): NumberDisplay {
  if (!number) return { kind: 'missing' };
  if (hidden) return { kind: 'hidden', text: `+${number}` };
  const parsed = parsePhoneNumberFromString(`+${number}`);
  if (!parsed?.isValid()) return { kind: 'invalid' };
  return { kind: 'formatted', text: parsed.formatInternational() };
}
