import '../../shared/i18n/i18n';
import type { Invoice } from '@balcao/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { applyLanguage } from '../../shared/i18n/i18n';
import { PlanStep } from './plan-step';

const invoice: Invoice = {
  id: 4,
  detail: 'Plano Essencial',
  users: 5,
  connections: 2,
  queues: 3,
  value: 9900,
  dueDate: '2026-12-10',
  status: 'open',
  paidAt: null,
};

beforeEach(async () => {
  await applyLanguage('en');
});
afterEach(cleanup);

test('the custom plan starts at 3 users and 3 connections, never goes below, and is priced as it grows', () => {
  const onChoose = vi.fn();
  render(<PlanStep invoice={invoice} onChoose={onChoose} />);

  const fewerUsers = screen.getByRole('button', { name: 'Fewer Users' });
  fireEvent.click(fewerUsers);
  const atMinimum = {
    disabled: fewerUsers.hasAttribute('disabled'),
    price: screen.queryByText(/142,00 a month/),
  };
  fireEvent.click(screen.getByRole('button', { name: 'More Users' }));
  fireEvent.click(screen.getByRole('button', { name: 'Customise' }));

  expect(atMinimum.disabled).toBe(true);
  expect(atMinimum.price).not.toBeNull();
  expect(screen.getByText(/153,00 a month/)).toBeTruthy();
  expect(onChoose).toHaveBeenCalledWith({ custom: { users: 4, connections: 3 } });
});

test("keeping the invoice's plan chooses no custom plan", () => {
  const onChoose = vi.fn();
  render(<PlanStep invoice={invoice} onChoose={onChoose} />);

  fireEvent.click(screen.getByRole('button', { name: 'Keep this plan' }));

  expect(onChoose).toHaveBeenCalledWith({ custom: null });
});
