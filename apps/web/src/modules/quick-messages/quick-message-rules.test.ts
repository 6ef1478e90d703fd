import { describe, expect, test } from 'vitest';
import { buildUser } from '../../test/fixtures';
import { canChangeQuickMessage, kindOf } from './quick-message-rules';

describe('quick message rules', () => {
  test('the type column: category first, then media, else text', () => {
    expect(kindOf({ isCategory: true, isMedia: true })).toBe('category');
    expect(kindOf({ isCategory: false, isMedia: true })).toBe('media');
    expect(kindOf({ isCategory: false, isMedia: false })).toBe('text');
  });

  test('an attendant changes their own private ones only; a supervisor any', () => {
    const attendant = buildUser({ id: 5, profile: 'user' });
    const supervisor = buildUser({ id: 6, profile: 'supervisor' });

    expect(canChangeQuickMessage(attendant, { geral: false, userId: 5 })).toBe(true);
    expect(canChangeQuickMessage(attendant, { geral: true, userId: 5 })).toBe(false);
    expect(canChangeQuickMessage(attendant, { geral: false, userId: 7 })).toBe(false);
    expect(canChangeQuickMessage(supervisor, { geral: true, userId: 7 })).toBe(true);
  });
});
