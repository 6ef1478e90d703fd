import { AUDIT_SECRET_MARK, type AuditAction } from '@balcao/shared';

const shown = (value: unknown, secret: string): string => {
  if (value === AUDIT_SECRET_MARK) return secret;
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** Updates store each field as [before, after]; creates and deletes store the record's fields as they were. */
const isUpdate = (action: AuditAction) => action.endsWith('.update') || action === 'user.permissions';

/**
 * One line per field: `field: before → after` for an update, `field: value` otherwise; a secret
 * reads as `secret`, since only that it changed is ever stored.
 */
export function describeChanges(
  action: AuditAction,
  changes: Record<string, unknown>,
  secret: string,
): string[] {
  return Object.entries(changes).map(([field, value]) =>
    isUpdate(action) && Array.isArray(value) && value.length === 2
      ? `${field}: ${shown(value[0], secret)} → ${shown(value[1], secret)}`
      : `${field}: ${shown(value, secret)}`,
  );
}
