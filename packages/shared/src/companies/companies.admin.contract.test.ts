import { describe, expect, test } from 'vitest';
import { addMonths, dueTone } from './companies.admin.contract.js';

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

test.each([
  ['2026-01-31', 1, '2026-02-28'],
  ['2028-01-31', 1, '2028-02-29'],
  ['2026-11-30', 3, '2027-02-28'],
  ['2026-05-15', 12, '2027-05-15'],
])('%s plus %d months is %s', (date, months, expected) => {
  expect(addMonths(date, months)).toBe(expected);
});
