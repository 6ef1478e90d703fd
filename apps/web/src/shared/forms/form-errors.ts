import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { toast } from '../toast/toast.store';

/**
 * Schemas carry message keys (shared `msg`); this turns one into text. A message that is not one of
 * our keys comes from a zod default and is shown as the generic invalid-value line.
 */
export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (!error) return undefined;
    const key = `validation.${error.message}`;
    return error.message && i18n.exists(key) ? t(key) : t('validation.invalidValue');
  };
}

/** Puts the server's `fields` onto the form's inputs; anything it cannot place becomes a toast. */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
) {
  const fields = error instanceof ApiError ? error.fields : undefined;
  const placed = Object.entries(fields ?? {}).filter(([name]) => fieldNames.includes(name as Path<T>));
  for (const [name, key] of placed) setError(name as Path<T>, { type: 'server', message: key });
  if (placed.length === 0) toast.apiError(error);
}
