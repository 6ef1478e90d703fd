import type { QuickMessage } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { quickMessageForm, quickMessageFormDefaults, toQuickMessageBody } from './quick-message-form';

describe('quick message form', () => {
  test('a message is required unless the item is a category', () => {
    const blank = quickMessageFormDefaults(null, false);

    const item = quickMessageForm.safeParse({ ...blank, shortcode: 'oi' });
    const category = quickMessageForm.safeParse({ ...blank, shortcode: 'Vendas', isCategory: true });

    expect(item.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['message', 'required']]);
    expect(category.success).toBe(true);
  });

  test('"no category" goes out as null and geral only when the user may choose it', () => {
    const form = { ...quickMessageFormDefaults(null, false), shortcode: 'oi', message: 'Olá', geral: true };

    expect(toQuickMessageBody(form, true)).toMatchObject({ categoryId: null, geral: true });
    expect(toQuickMessageBody(form, false)).not.toHaveProperty('geral');
  });

  test('a new one is company-wide for those who may choose it, private for the others; a saved one keeps its own', () => {
    const saved: QuickMessage = {
      ...quickMessageFormDefaults(null, false),
      id: 3,
      categoryId: null,
      mediaPath: null,
      mediaName: null,
      isMedia: false,
      userId: 1,
    };

    expect(quickMessageFormDefaults(null, true).geral).toBe(true);
    expect(quickMessageFormDefaults(null, false).geral).toBe(false);
    expect(quickMessageFormDefaults(saved, true).geral).toBe(false);
  });

  test('a category drops its message and its own category', () => {
    const form = {
      ...quickMessageFormDefaults(null, false),
      shortcode: 'x',
      message: 'y',
      isCategory: true,
      categoryId: 4,
    };

    expect(toQuickMessageBody(form, false)).toMatchObject({ message: '', categoryId: null });
  });
});
