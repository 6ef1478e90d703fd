import type { Language } from '@balcao/shared';
import { currentLanguage } from './i18n/i18n';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** The Intl locale each interface language formats with; English follows en-US (docs/decisions.md). */
const intlLocales: Record<Language, string> = { 'pt-BR': 'pt-BR', en: 'en-US', es: 'es-ES', tr: 'tr-TR' };

const dateOptions: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const timeOptions: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** Building a DateTimeFormat costs far more than using one: one per language, kind and zone, reused. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'time' | 'seconds', language: Language, timeZone?: string) {
  const key = `${kind}:${language}:${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    const options =
      kind === 'date'
        ? dateOptions
        : kind === 'time'
          ? timeOptions
          : { ...timeOptions, second: '2-digit' as const };
    found = new Intl.DateTimeFormat(intlLocales[language], { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/**
 * The day in the interface language's order (pt-BR 31/12/2026, en 12/31/2026, tr 31.12.2026).
 * A bare YYYY-MM-DD is a calendar day and is not shifted through a time zone.
 */
export function formatDate(value: string | Date, language = currentLanguage()): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return formatter('date', language, 'UTC').format(new Date(`${value}T00:00:00Z`));
  }
  return formatter('date', language).format(toDate(value));
}

/** The local time of day: 24-hour where the language's locale uses it (pt-BR 14:05, en 02:05 PM). */
export function formatTime(value: string | Date, language = currentLanguage()): string {
  return formatter('time', language).format(toDate(value));
}

/** A stored time of day (HH:mm, e.g. a work shift's start) in the interface language's clock. */
export function formatTimeOfDay(hhmm: string, language = currentLanguage()): string {
  return formatter('time', language, 'UTC').format(new Date(`1970-01-01T${hhmm}:00Z`));
}

export function formatDateTime(value: string | Date, language = currentLanguage()): string {
  return `${formatDate(toDate(value), language)} ${formatTime(value, language)}`;
}

/** A moment on another clock (the company's), to the second: pt-BR 04/03/2031 15:06:00. */
export function formatZonedDateTime(value: string | Date, timeZone: string, language = currentLanguage()) {
  const date = toDate(value);
  return `${formatter('date', language, timeZone).format(date)} ${formatter('seconds', language, timeZone).format(date)}`;
}

/** A moment on another clock (the company's), to the minute: pt-BR 04/03/2031 15:06. */
export function formatZonedDateMinute(value: string | Date, timeZone: string, language = currentLanguage()) {
  const date = toDate(value);
  return `${formatter('date', language, timeZone).format(date)} ${formatter('time', language, timeZone).format(date)}`;
}

/** The time for a moment of today, the date for any other day: how lists date their rows. */
export function formatListTime(value: string | Date, now = new Date(), language = currentLanguage()): string {
  const date = toDate(value);
  return date.toDateString() === now.toDateString() ? formatTime(date, language) : formatDate(date, language);
}

/** Cuts text at `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

const byteUnits = ['B', 'KB', 'MB', 'GB'] as const;

/** A file's size in the unit that keeps it short: 13 B, 1,5 KB, 2,3 MB (the language's decimal mark). */
export function formatBytes(bytes: number, language = currentLanguage()): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const number = new Intl.NumberFormat(intlLocales[language], { maximumFractionDigits: digits }).format(
    value,
  );
  return `${number} ${byteUnits[unit]}`;
}

/** R$ in pt-BR formatting from integer cents, whatever the interface language. */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}
