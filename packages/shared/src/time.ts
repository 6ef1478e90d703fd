/** Pure time helpers that work in a company's time zone with nothing but Intl. */
import { SUBSCRIPTION_GRACE_DAYS } from './constants.js';

// Building a formatter costs far more than using one, and every request asks for one.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) in `timeZone` at `at`. */
export function zonedParts(at: Date, timeZone: string): { date: string; time: string; weekday: number } {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
    weekday: weekdays.indexOf(get('weekday')),
  };
}

/**
 * Whether HH:MM `time` falls in [start, end], both inclusive to the minute.
 * A window whose end is before its start runs past midnight (22:00–06:00).
 */
export function isWithinWindow(time: string, start: string, end: string): boolean {
  if (start <= end) return time >= start && time <= end;
  return time >= start || time <= end;
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `today` until `dueDate` (both YYYY-MM-DD); 0 on the due date, negative after. */
export function daysUntil(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * A subscription is in force while its due date is after today (spec 000 §4: 'in the future'), and
 * for SUBSCRIPTION_GRACE_DAYS more: the due date and the days after it, so a payment a bank takes a
 * day to settle never locks a company out. Server and web refuse by this one rule.
 */
export function isSubscriptionActive(dueDate: string, today: string): boolean {
  return daysUntil(dueDate, today) > -SUBSCRIPTION_GRACE_DAYS;
}

/** `at` as a `datetime-local` input shows it in `timeZone`: YYYY-MM-DDTHH:MM. */
export const toZonedInput = (at: Date, timeZone: string): string => {
  const { date, time } = zonedParts(at, timeZone);
  return `${date}T${time}`;
};

/**
 * The instant at which the wall clock of `timeZone` reads `local` (YYYY-MM-DDTHH:MM). Read twice so
 * a daylight-saving change between the guess and the answer is accounted for; a wall time skipped by
 * a change lands just after it.
 */
export function fromZonedInput(local: string, timeZone: string): Date {
  const wanted = Date.parse(`${local}:00Z`);
  let at = wanted;
  for (let i = 0; i < 2; i += 1) {
    const shown = Date.parse(`${toZonedInput(new Date(at), timeZone)}:00Z`);
    at += wanted - shown;
  }
  return new Date(at);
}

/** An ISO date-time as an instant: with an offset (or Z) as written, without one on `timeZone`'s wall clock. */
export function instantOf(text: string, timeZone: string): Date {
  if (/(Z|[+-]\d\d:?\d\d)$/i.test(text)) return new Date(text);
  const seconds = Number(text.slice(17) || '0');
  return new Date(fromZonedInput(text.slice(0, 16), timeZone).getTime() + seconds * 1000);
}
