import { describe, expect, test } from 'vitest';
import { formatDate, formatDateTime, formatListTime, formatMoney, formatTime, truncate } from './format';

describe('formatDate', () => {
  test('a calendar day keeps its date whatever the browser time zone', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
  });

  test('a Date is shown as DD/MM/YYYY in local time', () => {
    expect(formatDate(new Date(2026, 0, 9, 23, 30))).toBe('09/01/2026');
  });
});

describe('formatMoney', () => {
  test('cents are shown as reais in pt-BR style', () => {
    expect(formatMoney(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
  });
});

describe('times', () => {
  test('a moment is shown as HH:mm and DD/MM/YYYY HH:mm in local time', () => {
    const moment = new Date(2026, 4, 3, 7, 5);

    expect(formatTime(moment)).toBe('07:05');
    expect(formatDateTime(moment)).toBe('03/05/2026 07:05');
  });

  test('a list shows the time for today and the date for other days', () => {
    const now = new Date(2026, 4, 3, 18, 0);

    expect(formatListTime(new Date(2026, 4, 3, 9, 41), now)).toBe('09:41');
    expect(formatListTime(new Date(2026, 4, 2, 23, 59), now)).toBe('02/05/2026');
  });
});

describe('truncate', () => {
  test('text over the limit is cut and marked; text within it is kept', () => {
    expect(truncate('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}…`);
    expect(truncate('a'.repeat(30), 30)).toBe('a'.repeat(30));
  });

  test('an emoji is one character, never split in half', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });
});
