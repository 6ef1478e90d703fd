import { addDays, fromZonedInput, zonedParts } from '@balcao/shared';

/** A day as written, or the company's day an instant falls on. */
const dayOf = (value: string, timeZone: string) =>
  value.length === 10 ? value : zonedParts(new Date(value), timeZone).date;

/**
 * The instants the report spans: from the start of `dateFrom` to the end of `dateTo`, both days of
 * the company's calendar. Left out, the first of this month and today (spec 001 §9).
 */
export function reportPeriod(
  query: { dateFrom?: string; dateTo?: string },
  timeZone: string,
  now: Date,
): { from: Date; to: Date } {
  const today = zonedParts(now, timeZone).date;
  const first = query.dateFrom ? dayOf(query.dateFrom, timeZone) : `${today.slice(0, 8)}01`;
  const last = query.dateTo ? dayOf(query.dateTo, timeZone) : today;
  return {
    from: fromZonedInput(`${first}T00:00`, timeZone),
    to: fromZonedInput(`${addDays(last, 1)}T00:00`, timeZone),
  };
}
