import { describe, expect, test } from 'vitest';
import {
  addDays,
  daysUntil,
  fromZonedInput,
  isSubscriptionActive,
  isWithinWindow,
  toZonedInput,
  zonedParts,
} from './time.js';

describe('company time', () => {
  test('reads the wall clock of the company, not of the server', () => {
    const at = new Date('2026-03-01T02:30:00Z');

    expect(zonedParts(at, 'America/Sao_Paulo')).toEqual({ date: '2026-02-28', time: '23:30', weekday: 6 });
    expect(zonedParts(at, 'Europe/Istanbul')).toEqual({ date: '2026-03-01', time: '05:30', weekday: 0 });
  });

  test('a work window includes both ends, to the minute', () => {
    expect(isWithinWindow('08:00', '08:00', '18:00')).toBe(true);
    expect(isWithinWindow('18:00', '08:00', '18:00')).toBe(true);
    expect(isWithinWindow('18:01', '08:00', '18:00')).toBe(false);
    expect(isWithinWindow('23:59', '00:00', '23:59')).toBe(true);
  });

  test('a window that ends before it starts runs past midnight', () => {
    expect(isWithinWindow('23:00', '22:00', '06:00')).toBe(true);
    expect(isWithinWindow('03:00', '22:00', '06:00')).toBe(true);
    expect(isWithinWindow('12:00', '22:00', '06:00')).toBe(false);
  });
});

describe('subscriptions', () => {
  test('are in force while the due date is ahead and through the three days of grace after it', () => {
    expect(isSubscriptionActive('2026-11-23', '2026-11-22')).toBe(true);
    expect(isSubscriptionActive('2026-11-22', '2026-11-22')).toBe(true);
    expect(isSubscriptionActive('2026-11-20', '2026-11-22')).toBe(true);
    expect(isSubscriptionActive('2026-11-19', '2026-11-22')).toBe(false);
    expect(isSubscriptionActive('2026-11-01', '2026-11-22')).toBe(false);
  });

  test('count days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysUntil('2027-01-02', '2026-12-30')).toBe(3);
    expect(daysUntil('2026-02-28', '2026-03-01')).toBe(-1);
  });
});

describe('wall time in the company time zone', () => {
  test('a time typed for São Paulo is that time there, whatever the browser', () => {
    expect(fromZonedInput('2026-11-24T09:30', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-24T12:30:00.000Z',
    );
    expect(fromZonedInput('2026-07-01T09:30', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T08:30:00.000Z',
    );
    expect(toZonedInput(new Date('2026-11-24T12:30:00Z'), 'America/Sao_Paulo')).toBe('2026-11-24T09:30');
  });
});
