import { type PlanAdmin, type PlanFlag, planFlagKeys } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { planForm, planFormDefaults } from './plan-form';

describe('the plan form', () => {
  test.each([
    ['49,90', 4990],
    ['49.9', 4990],
    ['120', 12_000],
    ['0,05', 5],
  ])('a price typed as %s is stored as %d cents', (amount, cents) => {
    const parsed = planForm.safeParse({ ...planFormDefaults(null), name: 'Pro', amount });
    expect(parsed.data?.amount).toBe(cents);
  });

  test.each(['R$ 10', '-5', '1,999', ''])('%s is no price', (amount) => {
    const parsed = planForm.safeParse({ ...planFormDefaults(null), name: 'Pro', amount });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['amount'], message: 'invalidValue' });
  });

  test("an edited plan's price comes back as typed in reais", () => {
    const flags = Object.fromEntries(planFlagKeys.map((key) => [key, true])) as Record<PlanFlag, boolean>;
    const plan: PlanAdmin = {
      id: 1,
      name: 'Pro',
      users: 3,
      connections: 2,
      queues: 4,
      amount: 4990,
      isPublic: false,
      companiesCount: 0,
      ...flags,
    };

    expect(planFormDefaults(plan)).toMatchObject({ amount: '49,90', users: 3, isPublic: false });
  });
});
