import { describe, expect, test } from 'vitest';
import { formatMinutes, formatRating, minutesSince } from './dashboard.format';

describe('durations a person reads', () => {
  test('seconds, minutes, hours and days', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(0.75)).toBe('45 s');
    expect(formatMinutes(13.2)).toBe('13 min');
    expect(formatMinutes(65)).toBe('1 h 05 min');
    expect(formatMinutes(60 * 51)).toBe('2 d 3 h');
  });

  test('waiting since, never negative; ratings with one decimal', () => {
    expect(minutesSince('2026-03-09T12:00:00Z', Date.parse('2026-03-09T12:30:00Z'))).toBe(30);
    expect(minutesSince('2026-03-09T12:00:00Z', Date.parse('2026-03-09T11:00:00Z'))).toBe(0);
    expect(formatRating(19 / 3)).toBe('6.3');
    expect(formatRating(null)).toBe('—');
  });
});
