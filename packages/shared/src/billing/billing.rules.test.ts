import { describe, expect, test } from 'vitest';
import { customPlanPrice } from './billing.contract.js';
import { addMonths, extendDueDate, invoiceDisplayStatus } from './billing.rules.js';

describe('due dates', () => {
  test('a payment counts the recurrence from the due date while it is ahead', () => {
    expect(extendDueDate('2026-12-10', '2026-11-28', 'MENSAL')).toBe('2027-01-10');
    expect(extendDueDate('2026-12-10', '2026-11-28', 'TRIMESTRAL')).toBe('2027-03-10');
  });

  test('a late payment counts it from today, not from the day it lapsed', () => {
    expect(extendDueDate('2026-10-01', '2026-11-28', 'MENSAL')).toBe('2026-12-28');
    expect(extendDueDate('2026-10-01', '2026-11-28', 'ANUAL')).toBe('2027-11-28');
  });

  test('a month on from a day the next month lacks is its last day', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
});

test('invoices show Pago, Vencido when unpaid past the due date, else Em Aberto', () => {
  expect(invoiceDisplayStatus({ status: 'paid', dueDate: '2026-01-01' }, '2026-11-28')).toBe('paid');
  expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-11-27' }, '2026-11-28')).toBe('overdue');
  expect(invoiceDisplayStatus({ status: 'open', dueDate: '2026-11-28' }, '2026-11-28')).toBe('open');
});

test('a custom plan costs R$ 49 plus 11 a user and 20 a connection', () => {
  expect(customPlanPrice(3, 3)).toBe(14_200);
  expect(customPlanPrice(4, 3)).toBe(15_300);
});
