import { expect, test } from 'vitest';
import { brazilianMobileTwin } from './contacts.numbers.js';

test('a Brazilian mobile has a form with the 9th digit and one without, each the twin of the other', () => {
  expect(brazilianMobileTwin('5531988887777')).toBe('553188887777');
  expect(brazilianMobileTwin('553188887777')).toBe('5531988887777');
  expect(brazilianMobileTwin('5511961234567')).toBe('551161234567');
});

test('landlines, short or long numbers and other countries have no twin', () => {
  expect(brazilianMobileTwin('553133334444')).toBeUndefined();
  expect(brazilianMobileTwin('5531933334444')).toBeUndefined();
  expect(brazilianMobileTwin('5431988887777')).toBeUndefined();
  expect(brazilianMobileTwin('55319888877770')).toBeUndefined();
  expect(brazilianMobileTwin('5531888877')).toBeUndefined();
  expect(brazilianMobileTwin('5501988887777')).toBeUndefined();
});
