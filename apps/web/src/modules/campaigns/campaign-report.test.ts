import { expect, test } from 'vitest';
import { deliveredPercent } from './campaign-report';

test('the progress bar is the delivered share of the valid contacts, never past 100', () => {
  expect(deliveredPercent({ delivered: 1, validContacts: 3 })).toBe(33);
  expect(deliveredPercent({ delivered: 0, validContacts: 0 })).toBe(0);
  expect(deliveredPercent({ delivered: 5, validContacts: 4 })).toBe(100);
});
