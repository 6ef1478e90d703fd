import { describe, expect, test } from 'vitest';
import { dueTone } from './companies.admin.contract.js';

describe('the due date tone (spec 001 §4)', () => {
  test.each([
    ['2026-03-16', 'ok'],
    ['2026-03-15', 'soon'],
    ['2026-03-11', 'soon'],
    ['2026-03-10', 'overdue'],
    ['2026-02-01', 'overdue'],
  ])('due %s seen on 2026-03-10 is %s', (dueDate, tone) => {
    expect(dueTone(dueDate, '2026-03-10')).toBe(tone);
  });
});
