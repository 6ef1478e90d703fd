import { expect, test } from 'vitest';
import { brazilianMobileTwin, normaliseSheetNumber } from './contacts.numbers.js';

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

test("a sheet's number in the old mobile form reads as today's; other invalid numbers stay invalid", () => {
  expect(normaliseSheetNumber('11 98888-0002')).toBe('5511988880002');
  expect(normaliseSheetNumber('11 8888-0002')).toBe('5511988880002');
  expect(normaliseSheetNumber('+55 (31) 8888-7777')).toBe('5531988887777');
  expect(normaliseSheetNumber('31 3333-4444')).toBe('553133334444');
  expect(normaliseSheetNumber('31 2888-7777')).toBe('553128887777');
  expect(normaliseSheetNumber('123')).toBeNull();
  expect(normaliseSheetNumber('55 31 9888-877')).toBeNull();
});
