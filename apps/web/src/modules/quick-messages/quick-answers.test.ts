import type { QuickMessage } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { matchQuickAnswers, previewOf, quickAnswerQuery } from './quick-answers';

const record = (id: number, shortcode: string): QuickMessage => ({
  id,
  shortcode,
  message: `text of ${shortcode}`,
  geral: false,
  status: true,
  isCategory: false,
  categoryId: null,
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  userId: 1,
});

describe('quick answers in the composer', () => {
  test("only a leading '/' with no space asks for a quick answer", () => {
    expect(quickAnswerQuery('/Pro')).toBe('pro');
    expect(quickAnswerQuery('/')).toBe('');
    expect(quickAnswerQuery('hello /pro')).toBeNull();
    expect(quickAnswerQuery('/pro and more')).toBeNull();
  });

  test('shortcodes are matched by prefix, ignoring case', () => {
    const records = [record(1, 'promo'), record(2, 'Preço'), record(3, 'oi')];

    expect(matchQuickAnswers(records, 'pr').map((r) => r.id)).toEqual([1, 2]);
    expect(matchQuickAnswers(records, '').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(matchQuickAnswers(records, null)).toEqual([]);
  });

  test('the preview is cut at 35 characters', () => {
    expect(previewOf('a'.repeat(35))).toBe('a'.repeat(35));
    expect(previewOf('a'.repeat(36))).toBe(`${'a'.repeat(35)}…`);
  });
});
