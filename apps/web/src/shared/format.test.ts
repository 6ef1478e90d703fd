import { describe, expect, test } from 'vitest';
import { formatDate, formatMoney } from './format';

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
