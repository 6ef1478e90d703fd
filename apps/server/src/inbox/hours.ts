import { addDays, isWithinWindow, zonedParts } from '@balcao/shared';
import type { ServiceHoursDay } from '../db/schema/companies.js';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A day's shifts as [start, end]; an empty end closes the shift, an empty start means midnight. */
function shiftsOf(schedules: ServiceHoursDay[], weekday: number): [string, string][] {
  const day = schedules.find((d) => d.weekdayEn.trim().toLowerCase() === WEEKDAYS[weekday]);
  if (!day) return [];
  return [
    [day.startTimeA, day.endTimeA],
    [day.startTimeB, day.endTimeB],
  ]
    .filter(([, end]) => end)
    .map(([start, end]) => [start || '00:00', end as string]);
}

/**
 * Whether `at` falls in the service hours, in `timeZone`. No schedule at all means always open; once
 * one is set, a weekday without shifts is closed. A shift whose end is before its start runs past
 * midnight into the next day; ends are inclusive to the minute.
 */
export function isOpenAt(schedules: ServiceHoursDay[], at: Date, timeZone: string): boolean {
  if (schedules.length === 0) return true;
  const { time, weekday } = zonedParts(at, timeZone);
  const today = shiftsOf(schedules, weekday);
  if (today.some(([start, end]) => time >= start && (end < start || time <= end))) return true;
  const yesterday = (weekday + 6) % 7;
  return shiftsOf(schedules, yesterday).some(([start, end]) => end < start && time <= end);
}

/**
 * The local "YYYY-MM-DD HH:MM" at which the closed period containing `at` began (the end of the last
 * shift within a week), or '' when there was none. Two moments of one closed period share it, so the
 * out-of-hours message goes once per period.
 */
export function closedSince(schedules: ServiceHoursDay[], at: Date, timeZone: string): string {
  const { date, time, weekday } = zonedParts(at, timeZone);
  const nowKey = `${date} ${time}`;
  let latest = '';
  for (let back = 0; back <= 7; back++) {
    const day = addDays(date, -back);
    for (const [start, end] of shiftsOf(schedules, (weekday - back + 7 * 8) % 7)) {
      const endKey = `${end < start ? addDays(day, 1) : day} ${end}`;
      if (endKey < nowKey && endKey > latest) latest = endKey;
    }
  }
  return latest;
}

/** Local "YYYY-MM-DD HH:MM" of an instant, comparable with closedSince(). */
export function localKey(at: Date, timeZone: string): string {
  const { date, time } = zonedParts(at, timeZone);
  return `${date} ${time}`;
}

/** A user answers routed tickets only within their work hours (HH:MM, company time zone). */
export function isWorkingAt(user: { startWork: string; endWork: string }, at: Date, timeZone: string) {
  return isWithinWindow(zonedParts(at, timeZone).time, user.startWork || '00:00', user.endWork || '23:59');
}

/**
 * Whether one of the duty windows (weekday 0 Sunday … 6 Saturday, HH:MM) covers `at`; a window
 * whose end is before its start runs into the next day.
 */
export function isOnDuty(
  days: { weekday: number; startTime: string; endTime: string }[],
  at: Date,
  timeZone: string,
): boolean {
  const { time, weekday } = zonedParts(at, timeZone);
  const yesterday = (weekday + 6) % 7;
  return days.some(
    (d) =>
      (d.weekday === weekday && time >= d.startTime && (d.endTime < d.startTime || time <= d.endTime)) ||
      (d.weekday === yesterday && d.endTime < d.startTime && time <= d.endTime),
  );
}
