import { describe, expect, test } from 'vitest';
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatListTime,
  formatMoney,
  formatTime,
  formatTimeOfDay,
  formatZonedDateTime,
  truncate,
} from './format';

describe('formatDate', () => {
  test('a calendar day keeps its date whatever the browser time zone', () => {
    expect(formatDate('2026-03-01', 'pt-BR')).toBe('01/03/2026');
  });

  test('a Date is shown as DD/MM/YYYY in local time in pt-BR', () => {
    expect(formatDate(new Date(2026, 0, 9, 23, 30), 'pt-BR')).toBe('09/01/2026');
  });

  test('each interface language orders the day its own way', () => {
    expect(formatDate('2999-12-31', 'pt-BR')).toBe('31/12/2999');
    expect(formatDate('2999-12-31', 'en')).toBe('12/31/2999');
    expect(formatDate('2999-12-31', 'es')).toBe('31/12/2999');
    expect(formatDate('2999-12-31', 'tr')).toBe('31.12.2999');
  });
});

describe('formatMoney', () => {
  test('cents are shown as reais in pt-BR style', () => {
    expect(formatMoney(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
  });
});

describe('times', () => {
  test('a moment is shown as HH:mm and DD/MM/YYYY HH:mm in local time in pt-BR', () => {
    const moment = new Date(2026, 4, 3, 7, 5);

    expect(formatTime(moment, 'pt-BR')).toBe('07:05');
    expect(formatDateTime(moment, 'pt-BR')).toBe('03/05/2026 07:05');
  });

  test('the clock is 24-hour in pt-BR, es and tr, and 12-hour in en', () => {
    const afternoon = new Date(2026, 4, 3, 14, 5);

    expect(formatTime(afternoon, 'pt-BR')).toBe('14:05');
    expect(formatTime(afternoon, 'es')).toBe('14:05');
    expect(formatTime(afternoon, 'tr')).toBe('14:05');
    expect(formatTime(afternoon, 'en').replace(/\s/g, ' ')).toBe('02:05 PM');
  });

  test('a stored time of day follows the same clock', () => {
    expect(formatTimeOfDay('18:30', 'pt-BR')).toBe('18:30');
    expect(formatTimeOfDay('18:30', 'en').replace(/\s/g, ' ')).toBe('06:30 PM');
  });

  test("a moment on the company's clock is shown to the second, whatever the browser's zone", () => {
    const moment = new Date('2031-03-04T18:06:07Z');

    expect(formatZonedDateTime(moment, 'America/Sao_Paulo', 'pt-BR')).toBe('04/03/2031 15:06:07');
    expect(formatZonedDateTime(moment, 'Asia/Tokyo', 'pt-BR')).toBe('05/03/2031 03:06:07');
  });

  test('a list shows the time for today and the date for other days', () => {
    const now = new Date(2026, 4, 3, 18, 0);

    expect(formatListTime(new Date(2026, 4, 3, 9, 41), now, 'pt-BR')).toBe('09:41');
    expect(formatListTime(new Date(2026, 4, 2, 23, 59), now, 'pt-BR')).toBe('02/05/2026');
  });
});

describe('formatBytes', () => {
  test('a size is shown in the largest unit under 1024, with the language’s decimal mark', () => {
    expect(formatBytes(13, 'pt-BR')).toBe('13 B');
    expect(formatBytes(1536, 'pt-BR')).toBe('1,5 KB');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'pt-BR')).toBe('5 MB');
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
