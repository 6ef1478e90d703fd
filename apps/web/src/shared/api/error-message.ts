import { i18n } from '../i18n/i18n';
import { ApiError } from './http';

/** The catalogue's translation of the server's code, else its raw message, else a generic line (spec 000 §8). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    if (error.code && i18n.exists(key)) return i18n.t(key);
    if (error.message) return error.message;
  }
  return i18n.t('errors.generic');
}
