import { addDays, type DashboardPeriodQuery, fromZonedInput, zonedParts } from '@balcao/shared';

/** A dashboard period: whole company days, as instants [from, to). */
export interface Period {
  fromDay: string;
  toDay: string;
  timezone: string;
  from: Date;
  to: Date;
  /** The equal period just before, for trends. */
  previousFromDay: string;
  /** Where measuring time stops: the period's end, or now while it runs. */
  end: Date;
  unit: 'day' | 'hour';
}

const midnight = (day: string, timezone: string) => fromZonedInput(`${day}T00:00`, timezone);

/** `days` counts back from today, today included; a range names its first and last day; neither is today. */
export function periodOf(query: DashboardPeriodQuery, timezone: string, now: Date): Period {
  const today = zonedParts(now, timezone).date;
  let fromDay = today;
  let toDay = today;
  if (query.days !== undefined) fromDay = addDays(today, 1 - query.days);
  else if (query.date_from || query.date_to) {
    fromDay = query.date_from ?? query.date_to ?? today;
    toDay = query.date_to ?? (fromDay > today ? fromDay : today);
  }
  const length =
    Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000) + 1;
  const from = midnight(fromDay, timezone);
  const to = midnight(addDays(toDay, 1), timezone);
  return {
    fromDay,
    toDay,
    timezone,
    from,
    to,
    previousFromDay: addDays(fromDay, -length),
    end: to < now ? to : now,
    unit: length === 1 ? 'hour' : 'day',
  };
}

/** Every bucket of the period's chart, in order: its days, or the 24 hours of its one day. */
export function bucketsOf(period: Period): string[] {
  if (period.unit === 'hour') return Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
  const days: string[] = [];
  for (let day = period.fromDay; day <= period.toDay; day = addDays(day, 1)) days.push(day);
  return days;
}
