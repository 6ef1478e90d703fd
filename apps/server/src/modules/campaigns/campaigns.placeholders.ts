import type { CampaignVariable } from '@balcao/shared';

/** The recipient's fields a campaign text may name (docs/decisions.md, "Campaign dispatch"). */
export interface RecipientFields {
  name: string | null;
  number: string | null;
  email: string | null;
}

/** The replaced product's `{nome}`, `{numero}` and `{email}`, and their English `{name}` and `{number}`. */
export const recipientPlaceholders: readonly (readonly [string, keyof RecipientFields])[] = [
  ['{nome}', 'name'],
  ['{name}', 'name'],
  ['{numero}', 'number'],
  ['{number}', 'number'],
  ['{email}', 'email'],
];

/**
 * A text with the recipient's fields and the settings' custom variables filled, in the order the
 * planning's SQL fills the messages (campaigns.dispatcher-planning.ts); anything else between braces
 * stays as written.
 */
export function fillPlaceholders(text: string, recipient: RecipientFields, variables: CampaignVariable[]) {
  const builtIns = recipientPlaceholders.map(([placeholder, field]) => [placeholder, recipient[field] ?? '']);
  const custom = variables.map(({ key, value }) => [`{${key}}`, value]);
  return [...builtIns, ...custom].reduce(
    (filled, [placeholder = '', value = '']) => filled.replaceAll(placeholder, value),
    text,
  );
}
