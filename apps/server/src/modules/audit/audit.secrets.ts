import { AUDIT_SECRET_MARK, secretSettingKeys } from '@balcao/shared';

/** Field names whose values are credentials: passwords, tokens, API keys, sealed (secret-box) values. */
const SECRET_NAME = /password|token|secret|api_?key|creds|wavoip|qrcode/i;

const isSecret = (field: string) =>
  SECRET_NAME.test(field) || (secretSettingKeys as readonly string[]).includes(field);

/**
 * Every entry's changes pass through here before they are stored: a secret's value, before or after,
 * at any depth, becomes the mark that says it changed, so the log can never leak what it records.
 */
export function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) => [
      field,
      isSecret(field) ? AUDIT_SECRET_MARK : stripSecrets(inner),
    ]),
  );
}
