import { describe, expect, test } from 'vitest';
import { applyLanguage, i18n } from './i18n';

describe('interface languages', () => {
  test('a language is fetched when first shown, and the others stay unloaded', async () => {
    await applyLanguage('es');

    expect(i18n.t('app.menu.tickets')).toBe('Atenciones');
    expect(i18n.hasResourceBundle('tr', 'translation')).toBe(false);
  });

  test('of two choices made in a row, the later one is shown even if the earlier loads last', async () => {
    await applyLanguage('en');
    const first = applyLanguage('tr');
    await applyLanguage('en');
    await first;

    expect(i18n.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });
});
