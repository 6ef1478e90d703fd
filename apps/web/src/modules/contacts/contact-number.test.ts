import { describe, expect, test } from 'vitest';
import { displayNumber } from './contact-number';

describe('displayNumber', () => {
  test('formats a stored number internationally', () => {
    expect(displayNumber('5511987654321', false)).toEqual({ kind: 'formatted', text: '+55 11 98765 4321' });
    expect(displayNumber('12025550143', false)).toEqual({ kind: 'formatted', text: '+1 202 555 0143' });
  });

  test('says why a number cannot be shown', () => {
    expect(displayNumber(null, false)).toEqual({ kind: 'missing' });
    expect(displayNumber('123', false)).toEqual({ kind: 'invalid' });
  });

  test('shows a masked number as masked', () => {
    expect(displayNumber('5511*******21', true)).toEqual({ kind: 'hidden', text: '+5511*******21' });
  });
});
