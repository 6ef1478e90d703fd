import { describe, expect, test } from 'vitest';
import { addDays, daysUntil, isSubscriptionActive, isWithinWindow, zonedParts } from './time.js';

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
  test('are in force while the due date is still ahead', () => {
    expect(isSubscriptionActive('2026-11-23', '2026-11-22')).toBe(true);
    expect(isSubscriptionActive('2026-11-22', '2026-11-22')).toBe(false);
    expect(isSubscriptionActive('2026-11-01', '2026-11-22')).toBe(false);
  });

  test('count days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysUntil('2027-01-02', '2026-12-30')).toBe(3);
    expect(daysUntil('2026-02-28', '2026-03-01')).toBe(-1);
  });
});
