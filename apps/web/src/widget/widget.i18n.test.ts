import { describe, expect, test } from 'vitest';
import { pickLanguage, widgetLanguages, widgetTexts } from './widget.i18n.js';

describe('widget language', () => {
  test('every language has every text', () => {
    const keys = Object.keys(widgetTexts['pt-BR']).sort();
    for (const language of widgetLanguages) expect(Object.keys(widgetTexts[language]).sort()).toEqual(keys);
  });

  test('follows the page, then the browser, and falls back to pt-BR', () => {
    expect(pickLanguage('es', ['en-US'])).toBe('es');
    expect(pickLanguage(null, ['en-GB', 'pt-BR'])).toBe('en');
    expect(pickLanguage(null, ['pt-PT'])).toBe('pt-BR');
    expect(pickLanguage(null, ['de-DE'])).toBe('pt-BR');
  });
});
