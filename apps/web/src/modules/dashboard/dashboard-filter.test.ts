import { describe, expect, test } from 'vitest';
import { queryOf } from './dashboard-filter';

describe('the dashboard filter', () => {
  test('a period asks for its days; none set asks for nothing', () => {
    expect(queryOf('period', '30', '', '')).toEqual({ days: 30 });
    expect(queryOf('period', '', '2026-03-01', '')).toBeNull();
  });

  test('dates ask for the range set, either end alone too', () => {
    expect(queryOf('date', '7', '2026-03-01', '2026-03-09')).toEqual({
      date_from: '2026-03-01',
      date_to: '2026-03-09',
    });
    expect(queryOf('date', '7', '', '2026-03-09')).toEqual({ date_to: '2026-03-09' });
    expect(queryOf('date', '7', '', '')).toBeNull();
  });
});
