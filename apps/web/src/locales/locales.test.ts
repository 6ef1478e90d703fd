import { errorCodes, LANGUAGES, msg } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import en from './en.json';
import es from './es.json';
import ptBR from './pt-BR.json';
import tr from './tr.json';

const locales = { 'pt-BR': ptBR, en, es, tr } as const;

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? keysOf(value, path) : [path];
  });
}

function valueAt(tree: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);
}

describe('locales', () => {
  test('there is one file per interface language', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  test.each(LANGUAGES.filter((lng) => lng !== 'pt-BR'))('%s has exactly the keys of pt-BR', (lng) => {
    expect(keysOf(locales[lng]).sort()).toEqual(keysOf(ptBR).sort());
  });

  test.each(LANGUAGES)('%s translates every error code of the catalogue', (lng) => {
    const missing = errorCodes.filter((code) => typeof valueAt(locales[lng], `errors.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  test.each(LANGUAGES)('%s translates every validation message key', (lng) => {
    const missing = Object.values(msg).filter(
      (key) => typeof valueAt(locales[lng], `validation.${key}`) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  test.each(LANGUAGES)('%s has no empty text', (lng) => {
    const empty = keysOf(locales[lng]).filter((key) => String(valueAt(locales[lng], key)).trim() === '');
    expect(empty).toEqual([]);
  });

  test('the spec wording is kept for pt-BR validation messages', () => {
    expect(ptBR.validation).toMatchObject({
      tooShort: 'Muito curto!',
      tooLong: 'Muito longo!',
      required: 'Obrigatório',
      loginEmail: 'Por favor, insira um email válido.',
      loginPassword: 'A senha deve ter pelo menos 6 caracteres.',
      termsRequired: 'Você deve aceitar os termos para continuar.',
    });
  });
});
